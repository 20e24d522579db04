# rule: Pattern 5 FinalStore ("the callee returns the result of a final tile.store(...) into one local window") and "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations" (i * 16, extent 16: disjoint) — on a kernel whose store value is a nested call, as PyPTO programs write it (`pl.store(pl.muls(t, 3.0), ...)`): after flatten-call-expr the store is still the body's final store, so the Out is windowed too, not only the In (end-to-end audit 2026-12-05 F3: in one process flatten's nested statement list hid the store and `out` stayed full; the same program read back from text was windowed)
# verify-input: no
import ptorw.language as pl


@pl.program
class Bands:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def band(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [row, 0], [16, 64])
        r = pl.store(pl.muls(t, 3.0), [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        o = pl.create_tensor([64, 64], dtype=pl.FP32)
        for i in pl.range(4):
            o = self.band(x, i * 16, o)
        return o
