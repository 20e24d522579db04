# rule: Pattern 5 Supported rewrite shapes — FinalStore: the callee returns the result of a final tile.store(...): the only store into out sits in the then-arm of an If whose else-arm returns y, so the returned value is not a final store and out stays full (remark: "FinalStore: it is not the target of a top-level tile.store")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX], flag: pl.Scalar[pl.BOOL],
            y: pl.Tensor[[32, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        if flag:
            s = pl.store(t, [0, c], out)
            r = pl.yield_(s)
        else:
            r = pl.yield_(y)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32],
             o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 16, True, y, o)
        return r
