# rule: Pattern 5 (issue 4 Safety of arithmetic) — the localized (window-relative) offset is checked int64: the loop starts at -144115188075855872, so the first trip's column offset j * 64 is exactly INT64_MIN and subtracting it from the store offset overflows; the Out stays full (remark: "AggregateWindowLoop: int64 overflow in the localized offset")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(-144115188075855872, -144115188075855871, init_values=(out,)):
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
