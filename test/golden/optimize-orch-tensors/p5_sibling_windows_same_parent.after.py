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
        w1 = pl.tensor.slice(o, [32, 16], [0, 0])
        r1_window = self.col__windowed(x, 0, w1)
        r1 = pl.tensor.assemble(o, r1_window, [0, 0])
        w2 = pl.tensor.slice(r1, [32, 16], [0, 16])
        r2_window = self.col__windowed(x, 16, w2)
        r2 = pl.tensor.assemble(r1, r2_window, [0, 16])
        return r2
