# rule: flatten-call-expr — a call in the right operand of `and` in an if condition runs only in the then arm of an If on the left operand (it was hoisted above the if, so `pl.tensor.read(t, [j])` ran for j >= 8 and read past t); the else arm yields False
import ptorw.language as pl


@pl.program
class ShortCircuitAnd:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if j < 8 and pl.tensor.read(t, [j]) > 0.0:
            r = pl.yield_(1)
        else:
            r = pl.yield_(0)
        return r
