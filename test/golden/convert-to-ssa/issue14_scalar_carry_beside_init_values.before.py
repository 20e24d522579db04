# rule: convert-to-ssa — a loop that already carries a value through init_values and also rebinds another name read in the next iteration (issue 14's reproducer): `total` gets its own iter arg, and `c2` reads the carried `total` of this iteration
# verify-input: no
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        total: pl.Scalar[pl.INDEX] = 1
        for i, (c,) in pl.range(4, init_values=(n,)):
            total = total + total
            c2: pl.Scalar[pl.INDEX] = c + total
            r = pl.yield_(c2)
        return r
