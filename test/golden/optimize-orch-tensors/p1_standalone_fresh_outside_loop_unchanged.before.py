# rule: Pattern 1 (Iter-Arg Reuse), standalone form — the In argument seed is a fresh tensor.full, but it is made once before the loop and passed in every iteration: writing it in place would feed each iteration the previous one's result (spec silent; conservative)
# expect: unchanged
import ptorw.language as pl


@pl.program
class StandaloneFreshOutsideLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[16, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.5)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, big: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        seed = pl.full([16, 32], 1.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(big,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            y = self.iterate(seed, o)
            nxt = pl.tensor.assemble(acc, y, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
