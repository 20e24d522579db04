# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop: 4 trips of [16, 64] tiles at [0, j * 64] write the whole [16, 256] Out at offset zero, so there is nothing to narrow and the call stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 256], pl.FP32]]) -> pl.Tensor[[16, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(4, init_values=(out,)):
            s = pl.store(t, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[16, 256], pl.FP32]) -> pl.Tensor[[16, 256], pl.FP32]:
        y = self.cols(x, o)
        return y
