# rule: convert-to-ssa — an if that assigns a name in one arm only, where the name has a value before the if: the If result takes the arm's value or the prior one; the missing else arm is added to yield the prior value
# verify-input: no
import ptorw.language as pl


@pl.program
class IfOneArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], big: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        step = 1
        if big:
            step = 4
        stop = n * step
        return stop
