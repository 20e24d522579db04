# Expected (hand-written from the spec).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [j * 16, 0], acc)
            res = pl.yield_(s)
        return res

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows__windowed(self, x: pl.Tensor[[16, 32], pl.FP32],
                       out: pl.Out[pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [j * 16, 0], acc)
            res = pl.yield_(s)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o_window = pl.tensor.slice(o, [32, 32], [0, 0])
        r_window = self.rows__windowed(x, o_window)
        r = pl.tensor.assemble(o, r_window, [0, 0])
        return r
