# rule: Pattern 3 (Assemble-Loop Rewrite) — the tile.create must sit in the body that holds the accumulation loop: here acc0 is created before an enclosing loop that runs the accumulation loop on each of its trips (spec silent; conservative)
# expect: unchanged
import ptorw.language as pl


@pl.program
class CreateInOtherBody:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for k, (o,) in pl.range(2, init_values=(out,)):
            for i, (acc,) in pl.range(4, init_values=(acc0,)):
                part = pl.load(x, [i * 16, 0], [16, 32])
                acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
                res = pl.yield_(acc2)
            ret = pl.store(res, [0, 0], o)
            done = pl.yield_(ret)
        return done

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
