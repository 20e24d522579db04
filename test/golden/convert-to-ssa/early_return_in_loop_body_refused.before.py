# rule: convert-to-ssa — an if in a loop body whose one arm returns, with a name the other path rebinds and reads later: the loop body does not end with a return, so its rest cannot move into the other arm, and the names cannot be merged: an error at the if, the program unchanged
# verify-input: no
# expect-error: a branch of this if ends with a return; cannot merge the names it assigns
import ptorw.language as pl


@pl.program
class ReturnInLoop:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        y = pl.add(x, x)
        for i in pl.range(4):
            if n > i:
                y = pl.add(y, x)
                return y
            y = pl.mul(y, y)
        return y
