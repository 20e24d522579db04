# Expected: 'a' carries [128, 1], the strides of x that both arms' slices keep.
import ptorw.language as pl


@pl.program
class SliceOfIfResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        if c > 0:
            lo = pl.tensor.slice(x, [32, 64], [32, 64])
            band = pl.yield_(lo)
        else:
            hi = pl.tensor.slice(x, [32, 64], [0, 0])
            band = pl.yield_(hi)
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
