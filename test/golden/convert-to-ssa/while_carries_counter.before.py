# rule: convert-to-ssa — a pl.while_ loop that reassigns an outer name: the new iter arg follows the existing ones in init_values and pl.yield_, and gets a loop result read after the loop
# verify-input: no
import ptorw.language as pl


@pl.program
class WhileCounter:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n0: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        steps = 0
        for (n,) in pl.while_(init_values=(n0,)):
            pl.cond(n > 1)
            steps = steps + 1
            half = n // 2
            n_out = pl.yield_(half)
        return steps
