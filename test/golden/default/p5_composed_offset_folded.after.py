# Expected (hand-written): k__windowed reads and writes [16, 64] windows at [0, 0] (parent strides
# [64, 1]); main slices a and acc at [i * 16, 0] (row - 16 with row := i * 16 + 16, folded), calls
# the clone and assembles acc there.
import ptorw.language as pl


@pl.program
class P5:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, src: pl.Tensor[[128, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        t = pl.load(src, [row - 16, 0], [16, 64])
        d = pl.store(t, [row - 16, 0], dst)
        return d

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k__windowed(self, src: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                    row: pl.Scalar[pl.INDEX],
                    dst: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
                    ) -> pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(src, [0, 0], [16, 64])
        d: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, 0], dst)
        return d

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            a_window = pl.tensor.slice(a, [16, 64], [i * 16, 0])
            acc_window = pl.tensor.slice(acc, [16, 64], [i * 16, 0])
            nxt_window = self.k__windowed(a_window, i * 16 + 16, acc_window)
            nxt = pl.tensor.assemble(acc, nxt_window, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
