# rule: Pattern 5 Supported rewrite shapes — FinalStore: the callee returns the result of a final tile.store(...): col has no return at all, so the store result is not returned (remark: "FinalStore: the body does not end in return; AggregateWindowLoop: the body does not end in return"), and a callee with no data return keeps its In tensor full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, c], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        self.col(x, 16, o)
        return o
