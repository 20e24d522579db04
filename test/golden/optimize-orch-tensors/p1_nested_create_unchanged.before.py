# rule: Pattern 1 (Iter-Arg Reuse), "the tensor.create is eliminated": a tensor.create written inside the call's argument list is not a statement the pattern can remove; the pass alone leaves the program unchanged and says why (it used to decline silently); the default pipeline flattens it first and merges
# expect: unchanged
# expect-remark: the Out argument is a tensor.create nested in the call
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
