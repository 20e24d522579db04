# Expected (hand-written from the spec): x and out both narrowed to [16, 64] windows at [16, 0].
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rep(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(3, init_values=(z,)):
            t = pl.load(x, [row, 0], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rep__windowed(self, x: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)], row: pl.Scalar[pl.INDEX],
                      out: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(3, init_values=(z,)):
            t = pl.load(x, [0, 0], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(s, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], o: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        x_window = pl.tensor.slice(x, [16, 64], [16, 0])
        o_window = pl.tensor.slice(o, [16, 64], [16, 0])
        y_window = self.rep__windowed(x_window, 16, o_window)
        y = pl.tensor.assemble(o, y_window, [16, 0])
        return y
