# rule: simplify — a single-trip loop nested in a loop that stays: its yielded value is an expression, so the loop result is assigned that expression (not duplicated into its uses); the iter arg reads the outer iter arg
import ptorw.language as pl


@pl.program
class NestedSingleTrip:
    @pl.function
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(3, init_values=(n,)):
            for j, (s,) in pl.range(0, 1, init_values=(acc,)):
                r = pl.yield_(s * 2 + i)
            out = pl.yield_(r)
        return out
