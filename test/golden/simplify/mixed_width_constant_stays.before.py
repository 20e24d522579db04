# rule: simplify — an INDEX constant next to a narrower integer operand stays a variable: `k + (x + 127)` is INT8 arithmetic (an INDEX takes the other operand's dtype, docs/semantics.md; until the 44th session it was INDEX arithmetic, and `100 + (x + 127)` read back as INT8, which this golden guarded); simplify keeps the guard, now conservative, so the program is unchanged
# expect: unchanged
import ptorw.language as pl


@pl.program
class MixedWidth:
    @pl.function
    def main(self, x: pl.Scalar[pl.INT8]) -> pl.Scalar[pl.INT8]:
        k = 100
        r = k + (x + 127)
        return r
