# Expected: `a` carries [96, 1], the strides both parents share.
import ptorw.language as pl


@pl.program
class SameStridesTwoParents:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 96], pl.FP32], y: pl.Tensor[[32, 96], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        xb = pl.tensor.slice(x, [16, 32], [64, 0])
        tmp_a = pl.create_tensor([16, 32], dtype=pl.FP32)
        ra = self.scale(xb, tmp_a)
        yb = pl.tensor.slice(y, [16, 32], [16, 64])
        tmp_b = pl.create_tensor([16, 32], dtype=pl.FP32)
        rb = self.scale(yb, tmp_b)
        return ra, rb
