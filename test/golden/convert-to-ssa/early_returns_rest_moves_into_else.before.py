# rule: convert-to-ssa — an if whose one arm returns while the other falls through (here: no else): Python runs the statements after the if only when the arm did not return, so they move into the other arm and nothing is merged after the if (the IR cannot merge a returning arm's names); two such ifs in a row nest; the block ends with a return (audit_ret L1: this was "a branch of this if ends with a return; cannot merge the names it assigns")
# verify-input: no
import ptorw.language as pl


@pl.program
class EarlyReturns:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        y = pl.add(x, x)
        if n > 3:
            y = pl.add(y, x)
            return y
        y = pl.mul(y, y)
        if n > 1:
            y = pl.add(y, y)
            return y
        y = pl.sub(y, x)
        return y
