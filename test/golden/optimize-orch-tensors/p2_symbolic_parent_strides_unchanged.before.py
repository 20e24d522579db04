# rule: Pattern 2 (Assemble Parent Strides) — the parent's strides are attached only when they are known: here the parent buf is main's param declaring the symbolic row stride S, so the assembled result gives no strides and out is left alone (remark: "its strides are symbolic")
# expect: unchanged
import ptorw.language as pl

S = pl.dynamic("S")


@pl.program
class SymbolicStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             buf: pl.Tensor[[128, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]
             ) -> pl.Tensor[[128, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(buf, r, [32, 0])
        return placed
