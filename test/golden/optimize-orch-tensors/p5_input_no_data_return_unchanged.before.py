# rule: Pattern 5 Input-window eligibility — for PureInputWindowConsumer, callees with no data return stay full-tensor (they may be side-effect or fence tasks whose full input intentionally carries a wider dependency): probe reads one [16, 32] window of x but returns only a scalar
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def probe(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t = pl.load(x, [row, 0], [16, 32])
        return row

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Scalar[pl.INDEX]:
        n = self.probe(x, 16)
        return n
