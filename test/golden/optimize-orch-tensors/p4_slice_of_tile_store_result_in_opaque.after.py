# Expected: 'a' of scale carries [128, 1], the strides of big that the stored window keeps.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], big: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        o = pl.tensor.slice(big, [32, 64], [0, 0])
        t = pl.load(x, [0, 0], [8, 16])
        r = pl.store(t, [0, 0], o)
        blk = pl.tensor.slice(r, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        y = self.scale(blk, tmp)
        return y
