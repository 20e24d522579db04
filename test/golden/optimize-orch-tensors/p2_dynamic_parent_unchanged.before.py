# rule: Pattern 2 (Assemble Parent Strides) — static strides only (issue 3): a parent with a pl.dynamic dim other than its leading one has no static row-major strides ([64, M] has [M, 1]), so nothing is attached (a dynamic leading dim enters no stride: p2_dynamic_leading_dim_parent)
# expect: unchanged
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicParent:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 3.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[64, M], pl.FP32]) -> pl.Tensor[[64, M], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(dst, r, [0, 32])
        return placed
