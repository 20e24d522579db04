import ptorw.language as pl


@pl.program
class SameKernelSeedsLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.adds(acc, 0.25)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        seed = self.iterate(a)
        for i, (cur,) in pl.range(3, init_values=(seed,)):
            nxt = self.iterate(cur)
            res = pl.yield_(nxt)
        return res
