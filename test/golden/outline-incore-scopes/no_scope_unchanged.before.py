# rule: outline-incore-scopes — a program without pl.at scopes is left unchanged
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [16, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.k(x, o)
        return r
