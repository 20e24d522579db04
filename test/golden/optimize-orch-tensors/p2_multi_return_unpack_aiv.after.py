# Expected: `lo` (result 0, assembled into the [32, 48] parent) gets strides [48, 1]; `hi` (result 1,
# returned as is) keeps its packed layout. Result 0 returns lo's memory, so its declared type carries
# [48, 1] as well; result 1 stays packed. `lo_blk` in `main` is typed by result 0.
import ptorw.language as pl


@pl.program
class MultiReturnUnpack:
    @pl.function(type=pl.FunctionType.AIV)
    def split(self, x: pl.Tensor[[8, 16], pl.FP32],
              lo: pl.Out[pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)]],
              hi: pl.Out[pl.Tensor[[8, 16], pl.FP32]]
              ) -> tuple[pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)], pl.Tensor[[8, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [8, 16])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], lo)
        hi_out = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32]
             ) -> tuple[pl.Tensor[[32, 48], pl.FP32], pl.Tensor[[8, 16], pl.FP32]]:
        all_lo = pl.create_tensor([32, 48], dtype=pl.FP32)
        lo_buf = pl.create_tensor([8, 16], dtype=pl.FP32)
        hi_buf = pl.create_tensor([8, 16], dtype=pl.FP32)
        lo_blk, hi_blk = self.split(x, lo_buf, hi_buf)
        merged = pl.tensor.assemble(all_lo, lo_blk, [8, 16])
        return merged, hi_blk
