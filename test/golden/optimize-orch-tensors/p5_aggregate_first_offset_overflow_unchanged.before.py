# rule: Pattern 5 (issue 4 Safety of arithmetic) — the aggregate window's offset (the store offset at the loop's first trip) is checked int64: the loop starts at 4611686018427387904 and the column offset is j * 64, so the first trip's offset 64 * 2^62 overflows and the Out stays full (remark: "AggregateWindowLoop: int64 overflow in the aggregate offset")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(4611686018427387904, 4611686018427387905, init_values=(out,)):
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
