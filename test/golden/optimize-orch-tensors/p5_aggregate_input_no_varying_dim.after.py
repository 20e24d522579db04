# Expected (hand-written from the spec): out narrowed to [16, 256] at [0, 0]; q stays full.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def bcast(self, q: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
              out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, 0], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def bcast__windowed(self, q: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                        out: pl.Out[pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, 0], [16, 64])
            s: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        o_window = pl.tensor.slice(o, [16, 256], [0, 0])
        y_window = self.bcast__windowed(q, 0, o_window)
        y = pl.tensor.assemble(o, y_window, [0, 0])
        return y
