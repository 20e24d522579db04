# rule: Pattern 4 (Slice Input Strides) — the parent's strides are attached only when they are known: here main's param x declares the symbolic row stride S, so the slice passed to In param a gives no strides and a is left alone (remark: "its strides are symbolic")
# expect: unchanged
import ptorw.language as pl

S = pl.dynamic("S")


@pl.program
class SymbolicStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]
             ) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
