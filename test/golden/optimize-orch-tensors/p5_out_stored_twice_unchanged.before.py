# rule: Pattern 5 Output-window eligibility — the write must be a statically provable local tile.store window: out is the target of two tile.stores (at [0, c] and [0, c + 16]), so there is no single FinalStore window and out stays full (remark: "FinalStore: it is used other than by one tile.store"); x is read whole (nothing to narrow)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, c], out)
        r2 = pl.store(t, [0, c + 16], out)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 16, o)
        return r
