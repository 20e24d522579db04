# rule: Pattern 5 Output-window eligibility — AggregateWindowLoop: a kernel that also returns before its aggregate loop is not windowed (audit 2026-12-06 M1)
# expect: unchanged
# expect-remark: the kernel also returns from inside an If arm or a loop (only a kernel whose one return is its last statement is windowed)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        if n > 0:
            return x
        t = pl.load(x, [0, 0], [16, 32])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [j * 16, 0], acc)
            res = pl.yield_(s)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.rows(x, n, o)
        return r
