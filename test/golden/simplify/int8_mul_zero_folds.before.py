# rule: simplify — identities and folds keep the expression's dtype: in `x * 0 + 30` with x INT8 both literals are INT8 (a literal takes the other operand's width), so `x * 0` is the INT8 zero and the sum folds to the INT8 constant 30
import ptorw.language as pl


@pl.program
class Int8MulZero:
    @pl.function
    def main(self, x: pl.Scalar[pl.INT8]) -> pl.Scalar[pl.INT8]:
        r = x * 0 + 30
        return r
