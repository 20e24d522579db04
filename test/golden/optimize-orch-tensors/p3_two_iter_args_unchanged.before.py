# rule: Pattern 3 (Assemble-Loop Rewrite) — a single iter-arg (issue 3): a loop that also carries a second tile stays
# expect: unchanged
import ptorw.language as pl


@pl.program
class TwoIterArgs:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        run0 = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (acc, run) in pl.range(4, init_values=(acc0, run0)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            run2 = pl.tile.add(run, part)
            acc2 = pl.tile.assemble(acc, run2, [i * 16, 0])
            res, run_end = pl.yield_(acc2, run2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
