import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="outer"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], o)
            r2 = self.inner(x, r)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def inner(self, x: pl.Tensor[[16, 32], pl.FP32], r: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        u = pl.load(x, [0, 0], [16, 32])
        r2 = pl.store(u, [16, 0], r)
        return r2
