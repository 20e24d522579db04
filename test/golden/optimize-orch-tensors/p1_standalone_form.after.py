import ptorw.language as pl


@pl.program
class StandaloneForm:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (acc,) in pl.range(4, init_values=(t,)):
            h = pl.tile.muls(acc, 0.5)
            acc2 = pl.tile.adds(h, 1.0)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        y = self.iterate(a)
        return y
