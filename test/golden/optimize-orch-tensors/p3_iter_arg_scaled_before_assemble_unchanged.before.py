# rule: Pattern 3 (Assemble-Loop Rewrite) — the loop must accumulate "via tile.assemble into an iter-arg": here the iter-arg is first scaled and the block is assembled into the scaled copy, so the iter-arg's only use is not tile.assemble(acc, ...) and the loop is not rewritten (remark: "the only use of iter-arg 'acc' is not tile.assemble(acc, ...) or the init of an inner For loop in the loop body")
# expect: unchanged
import ptorw.language as pl


@pl.program
class IterArgScaledBeforeAssemble:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            half = pl.tile.muls(acc, 0.5)
            acc2 = pl.tile.assemble(half, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
