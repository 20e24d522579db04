# Expected: `out` of `scale`, its store result and its declared result type carry [64, 1]. In
# `main`, written out: the submit's tuple and `r` (its projection), the alias, the If result
# `pick` (typed by its first arm's yield), the iter arg `acc` (typed by its init), `nxt`
# (tensor.add is typed by its first operand) and the loop result `res` carry [64, 1] as well;
# `placed` keeps the type of its parent `buf`.
import ptorw.language as pl


@pl.program
class CallerFlow:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        buf = pl.create_tensor([64, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.manual_scope():
            r, tid = pl.submit(self.scale, x, tmp)
        placed: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(buf, r, [0, 32])
        alias: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = r
        if flag < 1:
            pick: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.yield_(alias)
        else:
            pick: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.yield_(x)
        for i, (acc,) in pl.range(2, init_values=(pick,)):
            nxt: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.tensor.add(acc, x)
            res: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.yield_(nxt)
        return placed, res
