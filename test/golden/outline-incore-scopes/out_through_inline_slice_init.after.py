import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        self.store_band(o, x)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def store_band(self, o: pl.Out[pl.Tensor[[64, 32], pl.FP32]], x: pl.Tensor[[16, 32], pl.FP32]):
        for i, (acc,) in pl.range(2, init_values=(o[0:32, :],)):
            t = pl.load(x, [0, 0], [16, 32])
            nxt = pl.store(t, [i * 16, 0], acc)
            res = pl.yield_(nxt)
