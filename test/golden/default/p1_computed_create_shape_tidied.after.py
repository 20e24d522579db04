# Expected (hand-written): Pattern 1 merges out into h (the kernel stores into h and loses out; the
# call passes h alone, the create goes), and the definition of n, read only by the create, goes too.
import ptorw.language as pl


@pl.program
class ComputedShape:
    @pl.function(type=pl.FunctionType.InCore)
    def decay(self, h: pl.InOut[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(h, [0, 0], [64, 64])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0, 0], h)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, h0: pl.Tensor[[64, 64], pl.FP32], m: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (h,) in pl.range(4, init_values=(h0,)):
            h2 = self.decay(h)
            hr = pl.yield_(h2)
        return hr
