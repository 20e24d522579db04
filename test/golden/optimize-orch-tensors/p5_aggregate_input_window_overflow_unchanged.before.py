# rule: Pattern 5 (issue 4 Safety of arithmetic) — the AggregateInputWindowLoop bounding box is checked int64: x is read at [0, j * 9223372036854775800], so the aggregate window of the two trips overflows and x stays full (remark: "AggregateInputWindowLoop: int64 overflow in the aggregate window"); the AggregateWindowLoop output is proven, but the call is a bare expression statement (remark: "the call's result is not bound to a variable"), so the call site stays full and nothing changes
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            t = pl.load(x, [0, j * 9223372036854775800], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        self.cols(x, 16, o)
        return o
