# rule: Pattern 5 Output-window eligibility — sibling-writer alias collection descends into IfStmt bodies: an InOut writer of the same parent inside an If (its result yielded as the If result) is a full writer, so col stays full
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

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, io: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(io, [0, 0], [32, 64])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], io)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 16, o)
        if k > 0:
            b = self.bump(r)
            z = pl.yield_(b)
        else:
            z = pl.yield_(r)
        return z
