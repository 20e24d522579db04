# Expected (hand-written from the spec): only src is narrowed (out is written whole at zero).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def copy(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        part = pl.tensor.slice(src, [16, 32], [row, 0])
        t = pl.load(part, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def copy__windowed(self, src: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)], row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        part = pl.tensor.slice(src, [16, 32], [0, 0])
        t = pl.load(part, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        a_window = pl.tensor.slice(a, [16, 32], [48, 0])
        r = self.copy__windowed(a_window, 48, buf)
        return r
