# rule: Pattern 2 (Assemble Parent Strides) — call sites must agree: one call assembles into a [128, 64] parent ([64, 1]) while another returns its packed Out buffer ([32, 1]); attaching would make the second call store with parent strides into a packed buffer, so this is a conflict and nothing changes
# expect: unchanged
import ptorw.language as pl


@pl.program
class MixedSites:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp_a = pl.create_tensor([16, 32], dtype=pl.FP32)
        ra = self.scale(x, tmp_a)
        placed = pl.tensor.assemble(buf, ra, [0, 32])
        tmp_b = pl.create_tensor([16, 32], dtype=pl.FP32)
        rb = self.scale(x, tmp_b)
        return placed, rb
