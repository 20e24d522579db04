# rule: Pattern 5 Input-window eligibility — an In tensor is windowed only when every reference matches one local window: In param x is never referenced, so there is no window to expose and it stays full (remark: "it is not referenced; AggregateInputWindowLoop: it is not referenced"); out is written whole at offset zero (nothing to narrow)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def fill(self, x: pl.Tensor[[64, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.tile.full([16, 32], 1.0, dtype=pl.FP32)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.fill(x, o)
        return r
