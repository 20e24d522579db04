import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        total0: pl.Scalar[pl.INDEX] = 1
        for i, (c, total_acc) in pl.range(4, init_values=(n, total0)):
            total1: pl.Scalar[pl.INDEX] = total_acc + total_acc
            c2: pl.Scalar[pl.INDEX] = c + total1
            r, total_out = pl.yield_(c2, total1)
        return r
