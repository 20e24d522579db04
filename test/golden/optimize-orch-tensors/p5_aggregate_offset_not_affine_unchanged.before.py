# rule: Pattern 5 Output-window eligibility — offsets must be affine in the surrounding loop variables accepted by the pass: the store in the aggregate loop is at [row, j * j * 64], a product of two variables, so out stays full (remark: "AggregateWindowLoop: an offset is not affine in the callee's scalar params and the loop variable (a product of two variables)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [row, j * j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
