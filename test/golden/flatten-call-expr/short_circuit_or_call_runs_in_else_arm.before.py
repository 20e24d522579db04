# rule: flatten-call-expr — `and` / `or` short-circuit (docs/semantics.md): a call in the right operand of `or` moves into the else arm of an If on the left operand, which then yields the operator over the hoisted operands; the then arm yields True without running it
import ptorw.language as pl


@pl.program
class ShortCircuitOr:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.BOOL]:
        ok = j >= 8 or pl.tensor.read(t, [j]) > 0.0
        return ok
