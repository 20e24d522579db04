# rule: Pattern 1 (Iter-Arg Reuse) — the loop's init is a tensor.slice, a view of main's input big: reusing it would write into big (spec silent; conservative)
# expect: unchanged
import ptorw.language as pl


@pl.program
class InitIsSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, big: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tensor.slice(big, [16, 32], [16, 0])
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res
