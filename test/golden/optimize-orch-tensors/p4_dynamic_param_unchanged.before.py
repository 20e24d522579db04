# rule: Pattern 4 (Slice Input Strides) — static shapes only: the In param has a pl.dynamic dim, so its packed strides are not known and nothing is attached (even though the parent is static)
# expect: unchanged
import ptorw.language as pl

R = pl.dynamic("R")


@pl.program
class DynamicParam:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[R, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
