# Expected (hand-written from the issue).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.head(x, o)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": False})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [16, 0], o)
        return r
