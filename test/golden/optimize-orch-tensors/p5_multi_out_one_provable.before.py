# rule: Pattern 5 Output-window eligibility — multi-Out rewrites are per-output: unproven outputs stay as full-tensor baseline arguments; `lo` is stored at a static row window and is externalized, `hi` is written whole (full shape at offset zero, nothing to narrow) and stays a full argument of the same windowed call
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def split(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              lo: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
              hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
              ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        lo_out = pl.store(a, [row, 0], lo)
        hi_out = pl.store(b, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        h = pl.create_tensor([16, 32], dtype=pl.FP32)
        lo_r, hi_r = self.split(x, 32, p, h)
        return lo_r, hi_r
