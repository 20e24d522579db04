# rule: convert-to-ssa — a loop that reassigns an outer name read in a later iteration gets an iter arg (init = the value before the loop) and a loop result read after the loop; `tmp`, also defined before the loop but reassigned before every read inside it, is not carried
# verify-input: no
import ptorw.language as pl


@pl.program
class LoopCarriedScalar:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        tmp = n * 2
        total = tmp
        for i in pl.range(n):
            tmp = i * 3
            total = total + tmp
        return total
