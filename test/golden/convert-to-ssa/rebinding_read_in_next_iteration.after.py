import ptorw.language as pl


@pl.program
class RebindingReadInNextIteration:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t0 = a
        for i, (acc, t_acc) in pl.range(n, init_values=(a, t0)):
            s = t_acc + i
            t1 = s * 2
            nxt = acc + t1
            res, t_out = pl.yield_(nxt, t1)
        return res
