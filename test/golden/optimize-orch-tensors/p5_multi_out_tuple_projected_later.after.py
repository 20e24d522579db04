# Expected (hand-written from the spec): split__windowed writes [16, 32] windows of lo and hi at
# [0, 0] (parent strides [32, 1]); main slices p and q at [16, 0], calls the clone, projects each
# windowed result and assembles it as lo_r / hi_r right after the call; r stays where it was.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              lo: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
              hi: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
              ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out = pl.store(a, [row, 0], lo)
        hi_out = pl.store(b, [row, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split__windowed(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                        lo: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]],
                        hi: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                        ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)], pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], lo)
        hi_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32],
             q: pl.Tensor[[64, 32], pl.FP32]) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        p_window = pl.tensor.slice(p, [16, 32], [16, 0])
        q_window = pl.tensor.slice(q, [16, 32], [16, 0])
        pair_window = self.split__windowed(x, 16, p_window, q_window)
        lo_r_window = pair_window[0]
        lo_r = pl.tensor.assemble(p, lo_r_window, [16, 0])
        hi_r_window = pair_window[1]
        hi_r = pl.tensor.assemble(q, hi_r_window, [16, 0])
        r = 16 + 16
        return lo_r, hi_r
