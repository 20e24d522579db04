# Expected: out of scale, its store result and the return type carry [128, 1].
import ptorw.language as pl


@pl.program
class AssembleIntoIfResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.Tensor[[64, 128], pl.FP32],
             c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 128], pl.FP32]:
        if c > 0:
            lo = pl.tensor.slice(big, [32, 64], [32, 64])
            band = pl.yield_(lo)
        else:
            hi = pl.tensor.slice(big, [32, 64], [0, 0])
            band = pl.yield_(hi)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        nxt = pl.tensor.assemble(band, r, [16, 32])
        return big
