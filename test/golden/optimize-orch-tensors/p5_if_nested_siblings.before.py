# rule: Pattern 5 Output-window eligibility — same-scope sibling writers to the same parent may each be externalized when each satisfies the static output-window rules; sibling-writer alias collection descends into IfStmt bodies: the two arms of an If each write a different column window of o (no full writer), so both calls are windowed and each arm yields its assembled parent
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
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[32, 64], pl.FP32]:
        if flag:
            a = self.col(x, 0, o)
            r = pl.yield_(a)
        else:
            b = self.col(x, 16, o)
            r = pl.yield_(b)
        return r
