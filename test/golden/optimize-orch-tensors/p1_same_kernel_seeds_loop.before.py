# rule: Pattern 1 (Iter-Arg Reuse) — one kernel, two call sites in one step: a standalone call seeds the loop (its In argument is main's In param a, used nowhere else) and the loop call reuses that buffer, yielded back at the iter-arg's position; every call site qualifies, so out merges into x
import ptorw.language as pl


@pl.program
class SameKernelSeedsLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[16, 16], pl.FP32],
                out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.adds(acc, 0.25)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        o0 = pl.tensor.create([16, 16], dtype=pl.FP32)
        seed = self.iterate(a, o0)
        for i, (cur,) in pl.range(3, init_values=(seed,)):
            o = pl.tensor.create([16, 16], dtype=pl.FP32)
            nxt = self.iterate(cur, o)
            res = pl.yield_(nxt)
        return res
