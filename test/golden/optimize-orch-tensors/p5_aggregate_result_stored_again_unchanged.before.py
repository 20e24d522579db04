# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop: the callee returns the loop's result: here a further tile.store at [row + 16, 0] writes into the loop result before the return, outside the aggregate window, so out stays full (remark: "AggregateWindowLoop: the loop result is not returned exactly once and used nowhere else"); x is read whole (nothing to narrow)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        u = pl.tile.exp(t)
        r2 = pl.store(u, [row + 16, 0], r)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
