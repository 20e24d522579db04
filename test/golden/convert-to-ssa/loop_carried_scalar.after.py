import ptorw.language as pl


@pl.program
class LoopCarriedScalar:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        tmp = n * 2
        total0 = tmp
        for i, (total_acc,) in pl.range(n, init_values=(total0,)):
            tmp_i = i * 3
            total_next = total_acc + tmp_i
            total_out = pl.yield_(total_next)
        return total_out
