# Expected (hand-written from PyPTO language/01-functions).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.FP32]]:
        k = s * 2.0
        k2 = k + 1.0
        r = self.head(x, k, o)
        return r, k2

    @pl.function(type=pl.FunctionType.InCore)
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], k: pl.Scalar[pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, k)
        r = pl.store(u, [0, 0], o)
        return r
