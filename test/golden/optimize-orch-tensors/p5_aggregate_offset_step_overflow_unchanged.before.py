# rule: Pattern 5 (issue 4 Safety of arithmetic) — the per-trip offset step (offset coefficient x loop step) is checked int64: the column offset j * 4611686018427387904 with step 4 moves by 2^64 per trip, which overflows, so no AggregateWindowLoop window is proven and the Out stays full (remark: "AggregateWindowLoop: int64 overflow in the per-trip offset step")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(0, 8, 4, init_values=(out,)):
            s = pl.store(t, [row, j * 4611686018427387904], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
