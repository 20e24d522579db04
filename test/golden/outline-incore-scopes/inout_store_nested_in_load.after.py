import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.round_trip(x, o, p)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def round_trip(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[64, 32], pl.FP32]], p: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.load(pl.store(t, [0, 0], o), [0, 0], [16, 32])
        r = pl.store(u, [0, 0], p)
        return r
