# rule: Pattern 3 (Assemble-Loop Rewrite) — tile.assemble must be the only use of the iter-arg: here the loop also reads acc, which would become a tensor
# expect: unchanged
import ptorw.language as pl


@pl.program
class IterArgReadTwice:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            prev = pl.tile.slice(acc, [16, 32], [0, 0])
            mixed = pl.tile.add(part, prev)
            acc2 = pl.tile.assemble(acc, mixed, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
