# Expected (hand-written from the spec's Pattern 5 After form): the clone reads and writes its
# [16, 64] windows at [0, 0] (parameters narrowed, the parent's row-major strides kept); in the loop
# each call gets slices of x and of the carried o at [i * 16, 0], and its window is assembled back
# into o at the same offset.
import ptorw.language as pl


@pl.program
class Bands:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def band(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [row, 0], [16, 64])
        muls = pl.muls(t, 3.0)
        r = pl.store(muls, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def band__windowed(self, x: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                       row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 64])
        muls = pl.muls(t, 3.0)
        r = pl.store(muls, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        o = pl.create_tensor([64, 64], dtype=pl.FP32)
        for i, (o_1,) in pl.range(4, init_values=(o,)):
            x_window = pl.tensor.slice(x, [16, 64], [i * 16, 0])
            o_window = pl.tensor.slice(o_1, [16, 64], [i * 16, 0])
            o_window_1 = self.band__windowed(x_window, i * 16, o_window)
            o_2 = pl.tensor.assemble(o_1, o_window_1, [i * 16, 0])
            o_3 = pl.yield_(o_2)
        return o_3
