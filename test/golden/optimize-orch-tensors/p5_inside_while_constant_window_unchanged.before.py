# rule: Pattern 5 Output-window eligibility — "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations": the call writes the same constant column block [16, 32) in every iteration of a While loop, and While iterations are never proven disjoint, so the call stays full (remark: "it is inside a while loop at ...: windows of different iterations are not proven disjoint")
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

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for (acc, n) in pl.while_(init_values=(o, 0)):
            pl.cond(n < 3)
            r = self.col(x, 16, acc)
            n1 = n + 1
            res, n_out = pl.yield_(r, n1)
        return res
