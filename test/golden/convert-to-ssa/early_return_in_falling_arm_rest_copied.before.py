# rule: convert-to-ssa — an if neither of whose arms returns, but whose then arm holds an if that returns from its else arm: Python runs the statements after the outer if after either arm, so they are copied to the end of both arms; in the then arm they now follow the inner if, whose returning else arm sends them into its then arm, where `z` (defined only there) is read (review M3 of the early-return fuzzing: "'z' is assigned in only one branch of this if and read after it, but has no value before it")
# verify-input: no
import ptorw.language as pl


@pl.program
class FallingArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = n + 1
        if n > 3:
            if m > 5:
                z = y + m
            else:
                y = y * 3
                return y
            y = z - y
        else:
            z = y - 1
        y = y + z
        return y
