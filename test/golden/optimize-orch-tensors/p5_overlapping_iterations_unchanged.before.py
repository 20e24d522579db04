# rule: Pattern 5 Output-window eligibility — sequential-loop siblings: windows of width 16 at column i * 8 overlap between neighbouring iterations (not proven disjoint), so the call stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class Overlap:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(6, init_values=(o,)):
            r = self.col(x, i * 8, acc)
            res = pl.yield_(r)
        return res
