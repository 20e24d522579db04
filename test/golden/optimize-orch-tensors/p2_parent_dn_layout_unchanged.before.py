# rule: Pattern 2 (Assemble Parent Strides) — the parent's strides are ComputeRowMajorStrides of an ND tensor; the parent here is main's param buf, declared with layout DN, so it gives no row-major strides and nothing is attached (remark: "gives no strides (its layout is pl.TensorLayout.DN, not ND)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class ParentDnLayout:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             buf: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]) -> pl.Tensor[[64, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(buf, r, [16, 32])
        return placed
