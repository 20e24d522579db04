# rule: Pattern 5 Output-window eligibility — "the write must be a statically provable local tile.store window": the callee stores one column block into out and a second block into the result of that store (a chain of two stores), so the first store's result is not the returned value and there is no single FinalStore window; the Out stays full (remark: "FinalStore: the result of its tile.store is not returned exactly once and used nowhere else")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, 0], out)
        u = pl.tile.exp(t)
        r2 = pl.store(u, [0, 16], r)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.col(x, o)
        return y
