# Expected (hand-written from the spec): out narrowed to [16, 64] at [32, 0]; x stays full.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rowsum(self, x: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
               out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(4, init_values=(z,)):
            t = pl.load(x, [0, j * 64], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rowsum__windowed(self, x: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
                         out: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(4, init_values=(z,)):
            t = pl.load(x, [0, j * 64], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(s, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 256], pl.FP32], o: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        o_window = pl.tensor.slice(o, [16, 64], [32, 0])
        y_window = self.rowsum__windowed(x, 32, o_window)
        y = pl.tensor.assemble(o, y_window, [32, 0])
        return y
