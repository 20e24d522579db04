# Expected (hand-written from PyPTO language/01-functions and the verifier's distinct parameter names).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.FP32]]:
        s_1 = s + 1.0
        r = self.k1(x, s, s_1, o)
        return r, s_1

    @pl.function(type=pl.FunctionType.InCore)
    def k1(self, x: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32], s_1: pl.Scalar[pl.FP32],
           o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, s)
        v = pl.tile.muls(u, s_1)
        r = pl.store(v, [0, 0], o)
        return r
