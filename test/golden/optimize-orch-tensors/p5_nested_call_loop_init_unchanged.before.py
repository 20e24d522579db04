# rule: Pattern 5 Solution — "When a materialized slice would otherwise use a loop-return alias as its parent, the pass rewrites that parent to the loop's visible init tensor": here the init is a nested kernel call init_values=(self.bump(o),), which the slice after the loop would evaluate a second time (bump, an InOut writer, would run twice) — fail closed: both calls stay full (remark: "a kernel call nested in an expression ... run flatten-call-expr first"); audit 2026-12-05
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, io: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(io, [0, 0], [32, 64])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], io)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(16, 48, 16, init_values=(self.bump(o),)):
            s = self.col(x, i, acc)
            res = pl.yield_(s)
        r = self.col(x, 48, res)
        return r
