# Expected (hand-written).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.head(s, x, o)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def head(self, s: pl.Scalar[pl.FP32], x: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        k = s * 2.0
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, k)
        r = pl.store(u, [0, 0], o)
        return r
