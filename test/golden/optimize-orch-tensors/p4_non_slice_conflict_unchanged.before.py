# rule: Pattern 4 (Slice Input Strides) — one call site passes a slice (parent strides [64, 1]), another a plain tensor whose own strides are [32, 1]: the param cannot have both layouts, conflict, no stride
# expect: unchanged
import ptorw.language as pl


@pl.program
class NonSliceConflict:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], small: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        xb = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp_a = pl.create_tensor([16, 32], dtype=pl.FP32)
        ra = self.scale(xb, tmp_a)
        tmp_b = pl.create_tensor([16, 32], dtype=pl.FP32)
        rb = self.scale(small, tmp_b)
        return ra, rb
