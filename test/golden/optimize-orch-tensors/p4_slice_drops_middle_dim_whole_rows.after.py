# Expected: `a` carries [16 * 64, 1] = [1024, 1].
import ptorw.language as pl


@pl.program
class DropsMiddleDimWholeRows:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[4, 64], pl.FP32, pl.TensorView(stride=[1024, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [4, 64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, w: pl.Tensor[[4, 16, 64], pl.FP32]) -> pl.Tensor[[4, 64], pl.FP32]:
        blk = pl.tensor.slice(w, [4, 1, 64], [0, 2, 0], drop_dims=[1])
        tmp = pl.create_tensor([4, 64], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
