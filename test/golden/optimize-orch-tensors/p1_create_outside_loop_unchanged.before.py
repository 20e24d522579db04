# rule: Pattern 1 (Iter-Arg Reuse) — the Out argument must be a tensor.create of the same loop body: one allocated before the loop is not per-iteration, nothing is merged
# expect: unchanged
import ptorw.language as pl


@pl.program
class CreateOutsideLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(3, init_values=(x,)):
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res
