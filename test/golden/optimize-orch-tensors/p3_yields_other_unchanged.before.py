# rule: Pattern 3 (Assemble-Loop Rewrite) — the loop must yield the tile.assemble result itself: here it yields a further computation of it
# expect: unchanged
import ptorw.language as pl


@pl.program
class YieldsOther:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            acc3 = pl.tile.relu(acc2)
            res = pl.yield_(acc3)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
