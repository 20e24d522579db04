# Expected: In param `a` of the InCore twin carries the strides of its [128, 64] parent; the Group
# function `scale` and the orchestration are unchanged.
import ptorw.language as pl


@pl.program
class GroupSliceBesideInCore:
    @pl.function(type=pl.FunctionType.Group)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kscale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
               out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        blk2 = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r2 = self.kscale(blk2, tmp2)
        return r, r2
