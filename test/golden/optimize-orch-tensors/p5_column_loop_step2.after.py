# Expected: the slice and assemble offsets substitute the argument c into the callee's [0, c].
import ptorw.language as pl


@pl.program
class Step2:
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
        for i, (acc,) in pl.range(0, 8, 2, init_values=(o,)):
            c = i * 8
            acc_window = pl.tensor.slice(acc, [32, 16], [0, c])
            r_window = self.col__windowed(x, c, acc_window)
            r = pl.tensor.assemble(acc, r_window, [0, c])
            res = pl.yield_(r)
        return res
