# rule: Pattern 5 fail-closed — tuple projections are followed, but the tuple variable itself must be read only through them: here pair is aliased whole (alias = pair) and projected through the alias, so the call's results are not followed and the call stays full-tensor (remark: "the tuple result 'pair' is used other than by projections")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              lo: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
              hi: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
              ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out = pl.store(a, [row, 0], lo)
        hi_out = pl.store(b, [row, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32],
             q: pl.Tensor[[64, 32], pl.FP32]) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        pair = self.split(x, 16, p, q)
        alias = pair
        lo_r = alias[0]
        hi_r = alias[1]
        return lo_r, hi_r
