# Expected (hand-written from the spec): only out is narrowed ([16, 128] at [16, 0]); x stays a full argument.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            a = pl.load(x, [0, j * 64], [16, 64])
            b = pl.load(x, [0, 64 - j * 64], [16, 64])
            t = pl.tile.add(a, b)
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols__windowed(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            a = pl.load(x, [0, j * 64], [16, 64])
            b = pl.load(x, [0, 64 - j * 64], [16, 64])
            t = pl.tile.add(a, b)
            s: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        o_window = pl.tensor.slice(o, [16, 128], [16, 0])
        y_window = self.cols__windowed(x, 16, o_window)
        y = pl.tensor.assemble(o, y_window, [16, 0])
        return y
