# rule: Pattern 3 (Assemble-Loop Rewrite) — For loops only (issue 3: "a For loop (not While)"): the same accumulation in a While loop stays
# expect: unchanged
import ptorw.language as pl


@pl.program
class WhileLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        i0: pl.Scalar[pl.INDEX] = 0
        for (acc, i) in pl.while_(init_values=(acc0, i0)):
            pl.cond(i < 4)
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            i2 = i + 1
            res, i_end = pl.yield_(acc2, i2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
