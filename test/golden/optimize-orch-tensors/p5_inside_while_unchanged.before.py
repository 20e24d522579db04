# rule: Pattern 5 Output-window eligibility — sequential-loop siblings inside a While loop: the column n * 16 depends on a loop-carried scalar, not an accepted loop variable, so disjointness is not proven and the call stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class InWhile:
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
            pl.cond(n < 4)
            r = self.col(x, n * 16, acc)
            n1 = n + 1
            acc_out, n_out = pl.yield_(r, n1)
        return acc_out
