# Expected (hand-written from the spec).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(2, 5, 2, init_values=(out,)):
            s = pl.store(t, [row, j * 32], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols__windowed(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(2, 5, 2, init_values=(out,)):
            s: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, j * 32 - 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        o_window = pl.tensor.slice(o, [16, 128], [16, 64])
        y_window = self.cols__windowed(x, 16, o_window)
        y = pl.tensor.assemble(o, y_window, [16, 64])
        return y
