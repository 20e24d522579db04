# rule: Pattern 5 Solution — the loop's visible init replaces a loop-return alias as slice parent only where it is the same tensor: here every trip yields a freshly created tensor (not written in place into the iter-arg), so slicing the init buf would not show the loop's writes and rd's In stays full (fail closed)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.tile.full([64, 32], 1.0, dtype=pl.FP32)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.neg(t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(buf,)):
            fresh = pl.create_tensor([64, 32], dtype=pl.FP32)
            y = self.fill(fresh)
            res = pl.yield_(y)
        o2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        z = self.rd(res, 16, o2)
        return z
