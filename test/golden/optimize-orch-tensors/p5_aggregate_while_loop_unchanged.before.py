# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop needs a static ForStmt: an Out carried through a While loop (trip count decided at run time) has no statically provable aggregate window and stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for (acc, n) in pl.while_(init_values=(out, 0)):
            pl.cond(n < 2)
            s = pl.store(t, [row, n * 64], acc)
            n1 = n + 1
            r, n_out = pl.yield_(s, n1)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
