# rule: Pattern 3 (Assemble-Loop Rewrite) — the Out param must be used only by the final store: here the kernel reads it before the loop, and moving the writes into the loop would change what it reads (spec silent; conservative)
# expect: unchanged
import ptorw.language as pl


@pl.program
class OutReadBefore:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            seen = pl.load(out, [0, 0], [16, 32])
            mixed = pl.tile.maximum(part, seen)
            acc2 = pl.tile.assemble(acc, mixed, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
