# rule: spec "Scope": "Orchestration / Opaque | Call sites rewritten (Patterns 1, 2, 5)" — Pattern 1 (Iter-Arg Reuse) at a call site inside an Opaque function (`@pl.function` with no type): the spec example's loop, in an Opaque caller, merges the Out param out_0 into x (promoted to InOut), tile.store writes x and the tensor.create in the loop disappears, exactly as for an Orchestration caller
import ptorw.language as pl


@pl.program
class OpaqueCaller:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(iter_arg, out_0)
            loop_result = pl.yield_(result)
        return loop_result
