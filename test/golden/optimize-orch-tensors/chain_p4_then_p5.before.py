# rule: spec "Patterns": "The pass applies five patterns in sequence. Each pattern sees the results of the previous one." — Pattern 4 first gives the In param `a` of the windowize=True kernel `k` the strides [64, 1] of the [128, 64] parent `x` that `blk` is sliced from; Pattern 5 then clones the strided `k` (FinalStore with an input window at [row, 0]), so the clone's [16, 32] window of `a` keeps the strides [64, 1] Pattern 4 attached, while the window of `out` gets its own parent's [32, 1]; the original `k` keeps Pattern 4's strides (it was called with the slice when Pattern 4 ran)
import ptorw.language as pl


@pl.program
class SliceThenWindow:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [row, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], o: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(o,)):
            r = self.k(blk, i * 16, acc)
            ra = pl.yield_(r)
        return ra
