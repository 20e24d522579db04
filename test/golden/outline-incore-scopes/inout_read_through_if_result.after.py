import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        v = self.maybe_store(x, n, o, p)
        return v

    @pl.function(type=pl.FunctionType.InCore)
    def maybe_store(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], o: pl.InOut[pl.Tensor[[64, 32], pl.FP32]], p: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        if n > 0:
            s = pl.store(t, [0, 0], o)
            r = pl.yield_(s)
        else:
            r = pl.yield_(o)
        u = pl.load(r, [16, 0], [16, 32])
        v = pl.store(u, [32, 0], p)
        return v
