# rule: Pattern 5 Output-window eligibility — "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations": the loop around the call steps by main's scalar param s, not a constant, so the distance between iterations' windows is unknown and the call stays full (remark: "the loop at ... has no constant step")
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
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32], s: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 4, s, init_values=(o,)):
            r = self.col(x, i * 16, acc)
            res = pl.yield_(r)
        return res
