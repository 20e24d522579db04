# rule: default is idempotent ("passes are idempotent"): Pattern 1 removes a tensor.create whose shape was computed in the caller (n = m - m + 64 inside the loop, which simplify cannot fold); OptimizeOrchTensors then simplifies the function it marked untidy, which removes the definition of n the removal left unread, so a second run of default changes nothing
import ptorw.language as pl


@pl.program
class ComputedShape:
    @pl.function(type=pl.FunctionType.InCore)
    def decay(self, h: pl.Tensor[[64, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(h, [0, 0], [64, 64])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, h0: pl.Tensor[[64, 64], pl.FP32], m: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (h,) in pl.range(4, init_values=(h0,)):
            n = m - m + 64
            o = pl.tensor.create([n, 64], dtype=pl.FP32)
            h2 = self.decay(h, o)
            hr = pl.yield_(h2)
        return hr
