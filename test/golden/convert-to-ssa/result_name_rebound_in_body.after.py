import ptorw.language as pl


@pl.program
class ResultRebound:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        x0 = n
        for i, (c, x_acc) in pl.range(3, init_values=(n, x0)):
            x1 = x_acc + c
            c2 = c + x1
            x, x_out = pl.yield_(c2, x1)
        return x
