# rule: Pattern 1 (Iter-Arg Reuse) — redirecting tile.store into the In buffer keeps the meaning only if every read of x comes before the first write to out (spec silent; conservative): here x is loaded again after the store
# expect: unchanged
import ptorw.language as pl


@pl.program
class ReadAfterWrite:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[64], pl.FP32],
              out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0], out)
        again = pl.load(x, [0], [64])
        w = pl.tile.add(u, again)
        r2 = pl.store(w, [0], r)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            o = pl.tensor.create([64], dtype=pl.FP32)
            nxt = self.twice(acc, o)
            res = pl.yield_(nxt)
        return res
