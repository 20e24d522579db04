# rule: Pattern 4 (Slice Input Strides) — a slice of whole rows is contiguous: the parent's strides [32, 1] equal the In param's packed strides, and a default view equals no view, so nothing is attached
# expect: unchanged
import ptorw.language as pl


@pl.program
class PackedSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [48, 0])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
