# rule: Pattern 5 Output-window eligibility — tuple-return aliases: a multi-result call site whose tuple variable is projected later (another statement sits between the call and its projections) is followed through the projections, so both provable Outs are windowed: the clone's results are projected and assembled into p and q right after the call as lo_r and hi_r (the projections' variables, whose definitions move up to the call); before issue 15 this case stayed full-tensor
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
        r = 16 + 16
        lo_r = pair[0]
        hi_r = pair[1]
        return lo_r, hi_r
