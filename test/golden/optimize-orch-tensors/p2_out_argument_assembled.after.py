# Expected: `out` of `scale` carries the strides of the [128, 64] parent; so does the store result `r`.
# `r` is returned, so the declared result type carries the same view (a returned GM value is its
# parameter); the call's result `r` in the orchestration is typed by it, the assemble of tmp is unchanged.
import ptorw.language as pl


@pl.program
class AssembleRowBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, tmp, [i * 16, 32])
            res = pl.yield_(nxt)
        return res
