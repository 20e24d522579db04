# Expected (hand-written from the spec): the clone as in p5_pure_input_read_in_loop; only the second call is rewritten, at row 32.
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
    def main(self, big: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], y: pl.Tensor[[64, 64], pl.FP32], o1: pl.Tensor[[64, 64], pl.FP32],
             o2: pl.Tensor[[64, 64], pl.FP32]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        r1 = self.rep(big, 16, o1)
        y_window = pl.tensor.slice(y, [16, 64], [32, 0])
        o2_window = pl.tensor.slice(o2, [16, 64], [32, 0])
        r2_window = self.rep__windowed(y_window, 32, o2_window)
        r2 = pl.tensor.assemble(o2, r2_window, [32, 0])
        return r1, r2
