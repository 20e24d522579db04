# rule: convert-to-ssa — names mean what Python means: `s = t + i` reads the outer `t` only in the first iteration and the `t` the body assigned in every later one, although the parser points the use at the outer `t` and the nodes alone would verify; `t` becomes an iter arg next to the existing one
# verify-input: no
import ptorw.language as pl


@pl.program
class RebindingReadInNextIteration:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t = a
        for i, (acc,) in pl.range(n, init_values=(a,)):
            s = t + i
            t = s * 2
            nxt = acc + t
            res = pl.yield_(nxt)
        return res
