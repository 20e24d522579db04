# rule: Pattern 5 Output-window eligibility — sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations: the offset does not vary with i, so every iteration writes the same window (stays full)
# expect: unchanged
import ptorw.language as pl


@pl.program
class SameWindow:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(o,)):
            r = self.col(x, 16, acc)
            res = pl.yield_(r)
        return res
