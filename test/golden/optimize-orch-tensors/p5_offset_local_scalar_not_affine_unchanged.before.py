# rule: Pattern 5 Output-window eligibility — offsets must be affine in the surrounding loop variables accepted by the pass: the store offset row = row_base + sq with sq = i * i resolves to row_base + i * i, a product of two variables, so out stays full (remark: "AggregateWindowLoop: an offset is not affine in the callee's scalar params and the loop variable (offset row_base + i * i: a product of two variables)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[16, 32], pl.FP32], row_base: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for i, (acc,) in pl.range(4, init_values=(out,)):
            sq = i * i
            row = row_base + sq
            s = pl.store(t, [row, 0], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        y = self.rows(x, 64, o)
        return y
