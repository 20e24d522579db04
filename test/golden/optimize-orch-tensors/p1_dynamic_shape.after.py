import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicShape:
    @pl.function(type=pl.FunctionType.InCore)
    def decay(self, h: pl.InOut[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.load(h, [0, 0], [M, 64])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0, 0], h)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, h0: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[M, 64], pl.FP32]:
        for i, (h,) in pl.range(4, init_values=(h0,)):
            h2 = self.decay(h)
            hr = pl.yield_(h2)
        return hr
