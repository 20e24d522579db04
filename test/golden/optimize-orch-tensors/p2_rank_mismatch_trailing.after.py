# Expected: the trailing strides [48, 1] of the rank-3 parent on `out`, on the store result and on the
# result type that returns it (so on the call's result `r` in `main`).
import ptorw.language as pl


@pl.program
class RankMismatch:
    @pl.function(type=pl.FunctionType.InCore)
    def plane(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.relu(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[4, 64, 48], pl.FP32]:
        cube = pl.create_tensor([4, 64, 48], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.plane(x, tmp)
        placed = pl.tensor.assemble(cube, r, [1, 16, 8])
        return placed
