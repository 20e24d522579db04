import ptorw.language as pl


@pl.program
class WhileLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def step(self, state: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(state, [0, 0], [32, 64])
        u = pl.tile.muls(t, 0.5)
        v = pl.tile.adds(u, 1.0)
        r = pl.store(v, [0, 0], state)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        n0: pl.Scalar[pl.INDEX] = 0
        for (acc, n) in pl.while_(init_values=(x, n0)):
            pl.cond(n < 5)
            acc2 = self.step(acc)
            n2 = n + 1
            res, n_end = pl.yield_(acc2, n2)
        return res
