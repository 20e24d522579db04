# rule: Pattern 5 Output-window eligibility — tensor aliases such as tuple projections are resolved to the visible parent: a, b = self.fill2(p, q) writes all of p and q (no windowize), so a is p's family with a full writer and the windowed col call writing a window of a stays full
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
    def fill2(self, o1: pl.Out[pl.Tensor[[32, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
              ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        t = pl.tile.full([32, 64], 1.0, dtype=pl.FP32)
        r1 = pl.store(t, [0, 0], o1)
        r2 = pl.store(t, [0, 0], o2)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], p: pl.Tensor[[32, 64], pl.FP32],
             q: pl.Tensor[[32, 64], pl.FP32]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        a, b = self.fill2(p, q)
        r = self.col(x, 16, a)
        return r, b
