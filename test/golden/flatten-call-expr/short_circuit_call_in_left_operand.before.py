# rule: flatten-call-expr — the left operand of `or` always runs, so a call there moves before the statement as any operand's does; no If is made
import ptorw.language as pl


@pl.program
class LeftOperand:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.BOOL]:
        ok = pl.tensor.read(t, [0]) > 0.0 or j > 2
        return ok
