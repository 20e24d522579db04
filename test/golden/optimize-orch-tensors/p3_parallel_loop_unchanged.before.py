# rule: Pattern 3 (Assemble-Loop Rewrite) — a pl.parallel loop is not rewritten (spec silent; conservative)
# expect: unchanged
import ptorw.language as pl


@pl.program
class ParallelLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.parallel(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
