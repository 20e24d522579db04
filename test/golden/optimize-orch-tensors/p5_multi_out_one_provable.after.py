# Expected (hand-written from the spec): split__windowed narrows only `lo` (a [16, 32] window at
# [0, 0], parent strides [32, 1]); `hi` keeps its full type in the clone and at the call. main
# slices p at [32, 0], assembles the first result back, and takes the second result as is.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              lo: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
              hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
              ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out = pl.store(a, [row, 0], lo)
        hi_out = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split__windowed(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                        lo: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]],
                        hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
                        ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                                   pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], lo)
        hi_out = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        h = pl.create_tensor([16, 32], dtype=pl.FP32)
        p_window = pl.tensor.slice(p, [16, 32], [32, 0])
        lo_w, hi_r = self.split__windowed(x, 32, p_window, h)
        lo_r = pl.tensor.assemble(p, lo_w, [32, 0])
        return lo_r, hi_r
