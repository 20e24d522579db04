# rule: Pattern 4 (Slice Input Strides) — "shape-derived strides" need a static parent shape: a slice of a parent with a pl.dynamic dim other than its leading one gives no stride (a dynamic leading dim enters no stride: p4_dynamic_leading_dim_parent)
# expect: unchanged
import ptorw.language as pl

N = pl.dynamic("N")


@pl.program
class DynamicParent:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, N], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
