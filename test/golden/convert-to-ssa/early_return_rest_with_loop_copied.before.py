# rule: convert-to-ssa — the rest copied into both arms of an if (its then arm holds an if whose else arm returns) holds a loop: each copy is its own loop, with its own loop variable and carried value (the copy must not define the same variable twice: "'i' is defined twice")
# verify-input: no
import ptorw.language as pl


@pl.program
class RestWithLoop:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = n + 1
        if n > 3:
            if m > 5:
                z = y + m
            else:
                return y
        else:
            z = y - 1
        for i in pl.range(2):
            z = z + i
        return z
