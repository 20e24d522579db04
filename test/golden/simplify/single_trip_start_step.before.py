# rule: simplify — one trip is decided with Python range semantics on constant start, stop and step (range(4, 8, 4), range(10, 9, -3)); consecutive single-trip loops chain their values; a loop with two trips stays
import ptorw.language as pl


@pl.program
class StartStep:
    @pl.function
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (s,) in pl.range(4, 8, 4, init_values=(n,)):
            t = s + i
            r1 = pl.yield_(t)
        for j, (u,) in pl.range(10, 9, -3, init_values=(r1,)):
            v = u * j
            r2 = pl.yield_(v)
        for k, (w,) in pl.range(2, init_values=(r2,)):
            x = w + k
            r3 = pl.yield_(x)
        return r3
