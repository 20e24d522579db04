# rule: Pattern 4 (Slice Input Strides) — two call sites with different parent strides for one In param ([64, 1] and [96, 1]): conflict, no stride
# expect: unchanged
import ptorw.language as pl


@pl.program
class SliceConflict:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Tensor[[128, 96], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        xb = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp_a = pl.create_tensor([16, 32], dtype=pl.FP32)
        ra = self.scale(xb, tmp_a)
        yb = pl.tensor.slice(y, [16, 32], [0, 64])
        tmp_b = pl.create_tensor([16, 32], dtype=pl.FP32)
        rb = self.scale(yb, tmp_b)
        return ra, rb
