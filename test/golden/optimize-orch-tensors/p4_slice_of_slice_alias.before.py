# rule: Pattern 4 (Slice Input Strides) — the In argument is a plain alias of a slice of a slice: a slice is a view of its parent, so the memory has the outermost parent's strides [128, 1]
import ptorw.language as pl


@pl.program
class SliceOfSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        band = pl.tensor.slice(x, [32, 64], [32, 64])
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        arg = blk
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(arg, tmp)
        return r
