# rule: Pattern 3 (Assemble-Loop Rewrite) — meaning preserved: the Out argument is the result of a kernel that can return its In param early (if n > 0: return x), so it may be the storage the loop reads; only the trailing return of a callee that returns nowhere else says what its result carries (review rev15 H1)
# expect: unchanged
# expect-remark: passes 'y' for param 'out' and 'a' for param 'x', which may share storage
import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [48 - i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
          n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        if n > 0:
            return x
        t = pl.load(x, [0, 0], [64, 32])
        r = pl.store(t, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.k(a, o, 1)
        z = self.rev(a, y)
        return z
