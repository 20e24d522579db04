import ptorw.language as pl


@pl.program
class ChainThroughMergedKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.5)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, x: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
             y: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16])
        b = pl.load(y, [0, 0], [16, 16])
        c = pl.tile.add(a, b)
        r = pl.store(c, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32],
             y: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        prep = self.iterate(a)
        for i, (acc,) in pl.range(3, init_values=(prep,)):
            nxt = self.bump(acc, y)
            res = pl.yield_(nxt)
        return res
