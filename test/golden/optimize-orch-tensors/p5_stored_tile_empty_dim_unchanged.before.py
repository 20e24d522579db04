# rule: Pattern 5 Output-window eligibility — the write must be a statically provable local tile.store window: the stored tile has shape [32, 0], an empty window, so there is nothing to materialize and out stays full (remark: "FinalStore: the stored tile has an empty dim")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.tile.full([32, 0], 1.0, dtype=pl.FP32)
        r = pl.store(t, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(16, o)
        return r
