import ptorw.language as pl


@pl.program
class RestWithLoop:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y0 = n + 1
        if n > 3:
            if m > 5:
                z0 = y0 + m
                for i0, (z1,) in pl.range(2, init_values=(z0,)):
                    z2 = z1 + i0
                    z3 = pl.yield_(z2)
                return z3
            else:
                return y0
        else:
            z4 = y0 - 1
            for i1, (z5,) in pl.range(2, init_values=(z4,)):
                z6 = z5 + i1
                z7 = pl.yield_(z6)
            return z7
