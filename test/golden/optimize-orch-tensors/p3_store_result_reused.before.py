# rule: Pattern 3 (Assemble-Loop Rewrite) — "the function returns the loop result": every use of the final store's result is retargeted to the loop result, here a later store that overwrites the first row block
import ptorw.language as pl


@pl.program
class StoreResultReused:
    @pl.function(type=pl.FunctionType.AIC)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        fix = pl.tile.full([16, 32], 1.0, dtype=pl.FP32)
        ret2 = pl.store(fix, [0, 0], ret)
        return ret2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
