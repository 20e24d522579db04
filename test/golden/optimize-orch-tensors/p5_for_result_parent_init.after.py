# Expected (hand-written from the spec).
import ptorw.language as pl


@pl.program
class P:
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
        for i, (acc,) in pl.range(0, 32, 16, init_values=(o,)):
            w = pl.tensor.slice(acc, [32, 16], [0, i])
            s_window = self.col__windowed(x, i, w)
            s = pl.tensor.assemble(acc, s_window, [0, i])
            res = pl.yield_(s)
        w2 = pl.tensor.slice(o, [32, 16], [0, 48])
        r_window = self.col__windowed(x, 48, w2)
        r = pl.tensor.assemble(res, r_window, [0, 48])
        return r
