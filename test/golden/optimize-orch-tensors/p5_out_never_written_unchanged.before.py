# rule: Pattern 5 Output-window eligibility — multi-Out rewrites are per-output, and unproven outputs stay as full-tensor baseline arguments: Out param spare is never referenced in the callee, so no write window is proven for it (remark: "FinalStore: it is never written; AggregateWindowLoop: it is not used exactly once"); out is written whole at offset zero and x read whole (nothing to narrow), so nothing changes
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def copy(self, x: pl.Tensor[[32, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
             spare: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 16], pl.FP32],
             s: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP32]:
        r = self.copy(x, o, s)
        return r
