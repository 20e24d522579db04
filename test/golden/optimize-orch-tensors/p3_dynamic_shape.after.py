import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicShape:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[M, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(out,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            neg = pl.tile.neg(part)
            acc2 = pl.store(neg, [i * 16, 0], acc)
            res = pl.yield_(acc2)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 32], pl.FP32]) -> pl.Tensor[[M, 32], pl.FP32]:
        o = pl.tensor.create([M, 32], dtype=pl.FP32)
        y = self.halves(x, o)
        return y
