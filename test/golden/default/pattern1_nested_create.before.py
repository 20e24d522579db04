# rule: Pattern 1 (Iter-Arg Reuse) through the default pipeline: a tensor.create nested in the call's arguments is first bound to a variable by flatten-call-expr, then merged as in the spec's "Example (Pattern 1)" (the pass alone remarks it: optimize-orch-tensors/p1_nested_create_unchanged)
import ptorw.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            result = self.compute(iter_arg, pl.tensor.create((64,), dtype=pl.FP32))
            loop_result = pl.yield_(result)
        return loop_result
