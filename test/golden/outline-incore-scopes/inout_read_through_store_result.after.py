import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r2 = self.copy_twice(x, o)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def copy_twice(self, x: pl.Tensor[[16, 32], pl.FP32],
                   o: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        back = pl.load(r, [0, 0], [16, 32])
        r2 = pl.store(back, [16, 0], r)
        return r2
