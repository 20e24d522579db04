# rule: convert-to-ssa — an elif chain whose first and third arms return and whose others define `w`, read after the chain: the rest moves into the else arm of the first if (it returns), then is copied into both arms of `elif m > 3` (its else holds the returning `elif m > 1`), and moves into the else arm there; the second early return (`if w > 4`, else returns) moves its own rest into its then arm, in each copy (review M3: "'w' is assigned in only one branch of this if and read after it, but has no value before it")
# verify-input: no
import ptorw.language as pl


@pl.program
class ElifChain:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = n + 1
        if n > 3:
            return y
        elif m > 3:
            w = m * 2
        elif m > 1:
            return m
        else:
            w = m + 1
        if w > 4:
            y = y + w
        else:
            return w
        y = y - 1
        return y
