# rule: Pattern 1 (Iter-Arg Reuse) — the reused buffer must be dead after the call (the spec is silent; conservative): the iter-arg acc is read again after the call, and would see the overwritten buffer
# expect: unchanged
import ptorw.language as pl


@pl.program
class IterArgUsedAgain:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def diff(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ta = pl.load(a, [0, 0], [16, 32])
        tb = pl.load(b, [0, 0], [16, 32])
        d = pl.tile.sub(ta, tb)
        r = pl.store(d, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        d0 = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc, dacc) in pl.range(3, init_values=(x, d0)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            o2 = pl.tensor.create([16, 32], dtype=pl.FP32)
            delta = self.diff(nxt, acc, o2)
            res, dres = pl.yield_(nxt, delta)
        return res, dres
