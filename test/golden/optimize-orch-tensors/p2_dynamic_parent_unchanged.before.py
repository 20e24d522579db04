# rule: Pattern 2 (Assemble Parent Strides) — static shapes only (issue 3): a parent with a pl.dynamic dim has no row-major strides, so nothing is attached
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
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[M, 64], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(dst, r, [0, 32])
        return placed
