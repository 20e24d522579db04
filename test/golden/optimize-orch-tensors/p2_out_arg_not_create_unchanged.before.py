# rule: Pattern 2 (Assemble Parent Strides), conservative where the spec is silent — the Out argument of the assembling call is the caller's own parameter, whose packed layout is fixed by its producer (not a fresh tensor.create), so parent strides are not attached
# expect: unchanged
import ptorw.language as pl


@pl.program
class OutArgNotCreate:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], scratch: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        r = self.scale(x, scratch)
        placed = pl.tensor.assemble(buf, r, [0, 32])
        return placed
