# rule: Pattern 1 (Iter-Arg Reuse) — a pl.submit task launch is not a call the pass rewrites (spec silent; conservative): the kernel keeps its Out param
# expect: unchanged
import ptorw.language as pl


@pl.program
class SubmitSite:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt, tid = pl.submit(self.scale, acc, o)
            res = pl.yield_(nxt)
        return res
