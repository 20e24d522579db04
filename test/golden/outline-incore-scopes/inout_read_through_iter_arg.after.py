import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        res = self.double_rows(o)
        return res

    @pl.function(type=pl.FunctionType.InCore)
    def double_rows(self, o: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(o,)):
            t = pl.load(acc, [i * 16, 0], [16, 32])
            u = pl.tile.add(t, t)
            nxt = pl.store(u, [i * 16, 0], acc)
            res = pl.yield_(nxt)
        return res
