import ptorw.language as pl


@pl.program
class EveryCallSite:
    @pl.function(type=pl.FunctionType.AIV)
    def iterate(self, x: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.75)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        n0: pl.Scalar[pl.INDEX] = 0
        for (cur, n) in pl.while_(init_values=(a, n0)):
            pl.cond(n < 3)
            nxt = self.iterate(cur)
            n2 = n + 1
            res, n_end = pl.yield_(nxt, n2)
        ones = pl.full([16, 16], 1.0, dtype=pl.FP32)
        base = self.iterate(ones)
        return res, base
