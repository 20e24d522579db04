# rule: Pattern 5 Output-window eligibility — "tensor aliases such as loop returns ... are resolved to the visible parent" only where the loop writes its init in place: here the loop yields the result of a kernel that can return its In param early (return inside a loop), so the result is not proven to be the init and the call stays full (review rev15 H1: the In window was sliced from the init)
# expect: unchanged
# expect-remark: call of 'use' stays full: the In argument res is a loop result not proven to be written in place into its init
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
          n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        if n > 0:
            return x
        t = pl.load(x, [0, 0], [64, 32])
        r = pl.store(t, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def use(self, inp: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(inp, [16, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(b,)):
            r = self.k(a, acc, 1)
            res = pl.yield_(r)
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        y = self.use(res, o)
        return y
