# rule: Pattern 1 (Iter-Arg Reuse) — the loop's init is the result of a kernel that is merged in the same step (standalone form): the loop then reuses main's In param a, which iterate writes in place and nothing else reads; both kernels get an InOut param
import ptorw.language as pl


@pl.program
class ChainThroughMergedKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[16, 16], pl.FP32],
                out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.5)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16])
        b = pl.load(y, [0, 0], [16, 16])
        c = pl.tile.add(a, b)
        r = pl.store(c, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32],
             y: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        o1 = pl.tensor.create([16, 16], dtype=pl.FP32)
        prep = self.iterate(a, o1)
        for i, (acc,) in pl.range(3, init_values=(prep,)):
            o = pl.tensor.create([16, 16], dtype=pl.FP32)
            nxt = self.bump(acc, y, o)
            res = pl.yield_(nxt)
        return res
