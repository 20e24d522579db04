# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop with a constant aggregate: 2 trips storing [16, 32] tiles at [j * 16, 0] write the [32, 32] window at [0, 0] of a [64, 32] Out, which is narrower than the parameter, so the call site slices it (the stores keep their offsets: the window starts at zero)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [j * 16, 0], acc)
            res = pl.yield_(s)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.rows(x, o)
        return r
