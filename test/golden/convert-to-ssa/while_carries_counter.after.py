import ptorw.language as pl


@pl.program
class WhileCounter:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n0: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        steps0 = 0
        for (n, steps_acc) in pl.while_(init_values=(n0, steps0)):
            pl.cond(n > 1)
            steps_next = steps_acc + 1
            half = n // 2
            n_out, steps_out = pl.yield_(half, steps_next)
        return steps_out
