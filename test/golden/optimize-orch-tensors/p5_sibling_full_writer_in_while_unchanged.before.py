# rule: Pattern 5 Output-window eligibility — sibling-writer alias collection descends into WhileStmt bodies and resolves loop returns: fill (no windowize) writes all of the while's iter-arg acc, whose result acc_out is the parent of the windowed col call after the loop; acc_out and o are one parent with a full writer, so col stays full
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
    def fill(self, out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.tile.full([32, 64], 1.0, dtype=pl.FP32)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for (acc, n) in pl.while_(init_values=(o, 0)):
            pl.cond(n < 2)
            f = self.fill(acc)
            n1 = n + 1
            acc_out, n_out = pl.yield_(f, n1)
        r = self.col(x, 16, acc_out)
        return r
