# rule: Pattern 2 (Assemble Parent Strides) — the Out argument is a tensor.create whose variable declares strides [64, 1] (docs/semantics.md: the create is laid out by them), so it is not a packed buffer the parent's window [128, 1] can replace: no strides are attached (review rev44b 2: attaching [128, 1] changed what the kernel wrote)
# expect: unchanged
# expect-remark: assemble_parent_strides: 
# expect-remark: is a tensor.create whose type declares strides [64, 1]: its storage keeps them, so it cannot be the parent's window
import ptorw.language as pl


@pl.program
class DeclaredStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32]:
        parent = pl.create_tensor([16, 128], dtype=pl.FP32)
        part: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, part)
        a = pl.tensor.assemble(parent, r, [0, 32])
        return a
