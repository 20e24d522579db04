# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop (an Out carried through a loop inside the callee) is not supported yet: the Out stays full (remark "aggregate windows not supported yet")
# expect: unchanged
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
