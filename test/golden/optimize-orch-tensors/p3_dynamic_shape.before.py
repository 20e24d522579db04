# rule: Pattern 3 (Assemble-Loop Rewrite) — dynamic shapes: the accumulated tile and the Out param are both [M, 32] with M = pl.dynamic("M"), so the Out param has the tile's shape
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicShape:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[M, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:
        acc0 = pl.tile.create([M, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            neg = pl.tile.neg(part)
            acc2 = pl.tile.assemble(acc, neg, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 32], pl.FP32]) -> pl.Tensor[[M, 32], pl.FP32]:
        o = pl.tensor.create([M, 32], dtype=pl.FP32)
        y = self.halves(x, o)
        return y
