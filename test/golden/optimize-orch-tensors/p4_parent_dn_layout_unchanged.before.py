# rule: Pattern 4 (Slice Input Strides) — the strides attached are the parent's shape-derived (row-major) strides; the sliced parent x is declared with layout DN, so it gives no row-major strides and nothing is attached (remark: "gives no strides (its layout is pl.TensorLayout.DN, not ND)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class ParentDnLayout:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [16, 32])
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
