# rule: Pattern 5 (issue 4 Safety of arithmetic) — offsets are checked int64: the coefficient of i in the call-site offset i * 4611686018427387904 * 2 overflows, so the window is not proven and the call stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(1, init_values=(o,)):
            r = self.col(x, i * 4611686018427387904 * 2, acc)
            res = pl.yield_(r)
        return res
