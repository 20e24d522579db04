# rule: Pattern 1 (Iter-Arg Reuse) — the call's result must be yielded back at the iter-arg's position: here the loop yields a further computation of it, and the kernel has no standalone (full load, loop, store) shape, so nothing is merged
# expect: unchanged
import ptorw.language as pl


@pl.program
class ResultNotYielded:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32],
             y: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([64, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            mixed = pl.tensor.add(nxt, y)
            res = pl.yield_(mixed)
        return res
