# Expected: `lo` takes the strides of the [64, 64] parent, `hi` those of the [64, 96] parent; each
# store result follows its Out param, and so does the result type that returns it; in `main` the
# call's tuple and its projections are typed by those result types.
import ptorw.language as pl


@pl.program
class MultiReturnProjections:
    @pl.function(type=pl.FunctionType.InCore)
    def split(self, x: pl.Tensor[[16, 32], pl.FP32],
              lo: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]],
              hi: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)]]
              ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                         pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.muls(t, 0.5)
        b = pl.tile.adds(t, 1.0)
        lo_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], lo)
        hi_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)] = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 96], pl.FP32]]:
        lo_all = pl.create_tensor([64, 64], dtype=pl.FP32)
        hi_all = pl.create_tensor([64, 96], dtype=pl.FP32)
        lo_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        hi_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        pair = self.split(x, lo_buf, hi_buf)
        lo_blk = pair[0]
        hi_blk = pair[1]
        lo_next = pl.tensor.assemble(lo_all, lo_blk, [16, 0])
        hi_next = pl.tensor.assemble(hi_all, hi_blk, [16, 64])
        return lo_next, hi_next
