# Expected: `out`, the store result and the result type that returns it carry [48, 1]; in the While
# loop only the call's result `r` follows that type.
import ptorw.language as pl


@pl.program
class WhileLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 16])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[48, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[64, 48], pl.FP32]:
        buf = pl.create_tensor([64, 48], dtype=pl.FP32)
        for (acc, n) in pl.while_(init_values=(buf, 0)):
            pl.cond(n < 4)
            tmp = pl.create_tensor([16, 16], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, r, [n * 16, 16])
            n1 = n + 1
            acc_out, n_out = pl.yield_(nxt, n1)
        return acc_out
