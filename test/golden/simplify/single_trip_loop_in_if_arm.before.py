# rule: simplify — a single-trip loop that is the only statement of an If arm is replaced by its body; when nothing of it is left the arm is empty and prints as `pass` (the printer printed an empty block for the nested empty sequence, text that does not parse; found by the hand-written-text fuzzer)
import ptorw.language as pl


@pl.program
class TripInArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        if c:
            for i in pl.range(1):
                x = n + 1
        return n
