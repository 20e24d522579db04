# rule: convert-to-ssa — Python scoping: the else arm reads the value a name had before the if, not the then arm's assignment (the parser binds by text order); both arm values become the If result
# verify-input: no
import ptorw.language as pl


@pl.program
class ElseReadsBefore:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        x = n + 1
        if c:
            x = x * 2
        else:
            x = x + 3
        return x
