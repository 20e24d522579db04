# rule: convert-to-ssa — `z` is defined only in the arm that returns and read after the if: every path that reaches the read has no `z` (Python raises NameError). Moving the rest into the other arm would read the returning arm's `z` there, so the second try is kept only when its result verifies: here the first try's error stands, at the if, and the program is unchanged (review of the early-return fuzzing: the second try was accepted and its output read a value no path defines)
# verify-input: no
# expect-error: 'z' is assigned in only one branch of this if and read after it, but has no value before it
import ptorw.language as pl


@pl.program
class ReadsReturningArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = n + 1
        y = y * 2
        if n > 3:
            z = n + 1
            return z
        r = z + y
        return r
