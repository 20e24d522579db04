# Expected: the slice parent is o (the while's visible init), the assemble parent is acc_out.
import ptorw.language as pl


@pl.program
class AfterWhile:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col__windowed(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
                      out: pl.Out[pl.Tensor[[32, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
                      ) -> pl.Tensor[[32, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r: pl.Tensor[[32, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for (acc, n) in pl.while_(init_values=(o, 0)):
            pl.cond(n < 3)
            n1 = n + 1
            acc_out, n_out = pl.yield_(acc, n1)
        w = pl.tensor.slice(o, [32, 16], [0, 48])
        r_window = self.col__windowed(x, 48, w)
        r = pl.tensor.assemble(acc_out, r_window, [0, 48])
        return r
