import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        self.store_reshaped(o, x)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def store_reshaped(self, o: pl.Out[pl.Tensor[[64, 32], pl.FP32]], x: pl.Tensor[[16, 32], pl.FP32]):
        v = pl.tensor.reshape(o, [32, 64])
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], v)
