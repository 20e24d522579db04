# rule: Pattern 3 (Assemble-Loop Rewrite) — the loop result must be used only by the final store: here it is also stored into a second Out param
# expect: unchanged
import ptorw.language as pl


@pl.program
class ResultUsedTwice:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
               copy: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
               ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        ret2 = pl.store(res, [0, 0], copy)
        return ret, ret2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        c = pl.tensor.create([64, 32], dtype=pl.FP32)
        y, z = self.gather(x, o, c)
        return y, z
