# Expected (hand-written from the spec): only out is narrowed ([16, 256] at [48, 0]).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj(self, w: pl.Tensor[[64, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(w, [0, j * 64], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj__windowed(self, w: pl.Tensor[[64, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(w, [0, j * 64], [16, 64])
            s: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, w: pl.Tensor[[64, 256], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        o_window = pl.tensor.slice(o, [16, 256], [48, 0])
        y_window = self.proj__windowed(w, 48, o_window)
        y = pl.tensor.assemble(o, y_window, [48, 0])
        return y
