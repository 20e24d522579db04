# rule: convert-to-ssa — an if whose else arm returns, inside an arm that returns too: the statements after the inner if move into its then arm (in the text they now precede the returning else arm; names, not text order, decide what a use reads), and `z`, defined only in that then arm, is read there (Python: every path that reaches the read defined it); the outer then arm then ends with an if whose arms both return, which counts as returning, so the outer rest moves into the outer else arm (fuzz seeds 13 and 56 of gen_text_program's early returns: "a branch of this if ends with a return; cannot merge the names it assigns", "'z' is assigned in only one branch of this if and read after it, but has no value before it")
# verify-input: no
import ptorw.language as pl


@pl.program
class ElseReturns:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        y = pl.add(x, x)
        if n > 3:
            if n > 5:
                z = pl.add(y, x)
            else:
                y = pl.mul(y, x)
                return y
            y = pl.sub(z, y)
            return y
        y = pl.mul(y, y)
        return y
