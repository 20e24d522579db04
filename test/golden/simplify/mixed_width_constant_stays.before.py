# rule: simplify — an INDEX constant next to a narrower integer operand stays a variable: `k + (x + 127)` is INDEX arithmetic, but its text with the constant in place, `100 + (x + 127)`, reads back as INT8 (a literal takes the other operand's width)
# expect: unchanged
import ptorw.language as pl


@pl.program
class MixedWidth:
    @pl.function
    def main(self, x: pl.Scalar[pl.INT8]) -> pl.Scalar[pl.INDEX]:
        k = 100
        r = k + (x + 127)
        return r
