# rule: Pattern 1 (Iter-Arg Reuse) — dynamic shapes: In and Out params of the identical static type pl.Tensor[[M, 64], pl.FP32] with M = pl.dynamic("M") merge like static ones
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicShape:
    @pl.function(type=pl.FunctionType.InCore)
    def decay(self, h: pl.Tensor[[M, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.load(h, [0, 0], [M, 64])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, h0: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[M, 64], pl.FP32]:
        for i, (h,) in pl.range(4, init_values=(h0,)):
            o = pl.tensor.create([M, 64], dtype=pl.FP32)
            h2 = self.decay(h, o)
            hr = pl.yield_(h2)
        return hr
