import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        res = self.store_rows(o, x)
        return res

    @pl.function(type=pl.FunctionType.InCore)
    def store_rows(self, o: pl.Out[pl.Tensor[[64, 32], pl.FP32]], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(o,)):
            t = pl.load(x, [0, 0], [16, 32])
            res = pl.yield_(pl.store(t, [i * 16, 0], acc))
        return res
