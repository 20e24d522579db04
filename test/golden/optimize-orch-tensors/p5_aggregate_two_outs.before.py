# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop carries one or more Out tensors through a loop (multi-Out, per-output): k and v are both carried through the same 2-trip loop and each written as a [16, 128] aggregate at [row, 0]; the unpacked call gets one slice + assemble per Out, into two different parents
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
           k: pl.Out[pl.Tensor[[64, 128], pl.FP32]], v: pl.Out[pl.Tensor[[64, 128], pl.FP32]]
           ) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        for j, (ka, va) in pl.range(2, init_values=(k, v)):
            t = pl.load(x, [0, 0], [16, 64])
            a = pl.tile.exp(t)
            b = pl.tile.neg(t)
            ks = pl.store(a, [row, j * 64], ka)
            vs = pl.store(b, [row, j * 64], va)
            kr, vr = pl.yield_(ks, vs)
        return kr, vr

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], kc: pl.Tensor[[64, 128], pl.FP32],
             vc: pl.Tensor[[64, 128], pl.FP32]) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        k2, v2 = self.kv(x, 32, kc, vc)
        return k2, v2
