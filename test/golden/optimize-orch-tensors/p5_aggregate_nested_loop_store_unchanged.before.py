# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop: the store into the carried Out must be a top-level tile.store of the loop carrying it: here it sits in an inner loop (carrying acc2), so no aggregate window is proven and out stays full (remark: "AggregateWindowLoop: its iter-arg is not the target of a top-level tile.store of the loop body")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            for k, (acc2,) in pl.range(1, init_values=(acc,)):
                t = pl.load(x, [0, j * 64], [16, 64])
                s = pl.store(t, [row, j * 64], acc2)
                inner = pl.yield_(s)
            r = pl.yield_(inner)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
