import ptorw.language as pl


@pl.program
class StartStep:
    @pl.function
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t = n + 4
        v = t * 10
        for k, (w,) in pl.range(2, init_values=(v,)):
            x = w + k
            r3 = pl.yield_(x)
        return r3
