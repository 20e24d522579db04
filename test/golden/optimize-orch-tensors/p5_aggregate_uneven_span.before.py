# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop with an uneven span: pl.range(2, 5, 2) runs j = 2, 4 (span 3 is not a multiple of step 2, the trip count rounds up to 2), each trip stores a [16, 64] tile at [row, j * 32] (moving 64 = the tile width), so the aggregate is the [16, 128] window at [row, 64], not [16, 64]; the clone localizes the store offsets to [0, j * 32 - 64]
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(2, 5, 2, init_values=(out,)):
            s = pl.store(t, [row, j * 32], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
