import ptorw.language as pl


@pl.program
class NestedSingleTrip:
    @pl.function
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(3, init_values=(n,)):
            r = acc * 2 + i
            out = pl.yield_(r)
        return out
