# rule: convert-to-ssa — a function that already verifies keeps the meaning its nodes give it: here every iteration reads the outer `t` (the inner `t = s * 2` is a new loop-local definition), so no iter arg is added even though the text reuses the name
# expect: unchanged
import ptorw.language as pl


@pl.program
class VerifiedInput:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t = a
        for i, (acc,) in pl.range(n, init_values=(a,)):
            s = t + i
            t = s * 2
            nxt = acc + t
            res = pl.yield_(nxt)
        return res
