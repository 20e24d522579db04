# Expected: In param `a` of `scale` carries the strides of its [128, 64] parent. The tile.load's
# result (a tile) and the orchestration are unchanged.
import ptorw.language as pl


@pl.program
class SliceColumnBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
