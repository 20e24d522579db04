# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop: each trip writes one tile window into the carried Out: here each trip stores at [row, j * 64] and then again at [row + 16, j * 64] into the result of that store, so the first store's result is not what the loop yields and out stays full (remark: "AggregateWindowLoop: the store result is not yielded at the iter-arg's position and used nowhere else")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            t = pl.load(x, [0, j * 64], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            u = pl.tile.exp(t)
            s2 = pl.store(u, [row + 16, j * 64], s)
            r = pl.yield_(s2)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
