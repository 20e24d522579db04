# rule: Pattern 1 (Iter-Arg Reuse), standalone form — "no other statement uses the In argument": a is also returned, so iterate keeps its Out param
# expect: unchanged
import ptorw.language as pl


@pl.program
class StandaloneInUsedTwice:
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
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        y = self.iterate(a, o)
        return y, a
