# Expected: 'a' carries [128, 1].
import ptorw.language as pl


@pl.program
class SliceOfWriteResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        band = pl.tensor.slice(x, [32, 64], [32, 64])
        marked = pl.tensor.write(band, [0, 0], 1.0)
        blk = pl.tensor.slice(marked, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
