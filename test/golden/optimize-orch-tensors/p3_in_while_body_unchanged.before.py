# rule: Pattern 3 (Assemble-Loop Rewrite) inside a While body of the callee — "initializing the iter-arg from the Out param": the accumulation loop and its final store sit in the body of an outer While loop that carries out, so the final tile.store writes the loop-carried copy o_acc, not the Out param, and the loop is not rewritten (the spec names only the Out param; remark: "the final tile.store writes 'o_acc', not an Out param")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P3InWhileBody:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        for (o_acc, n) in pl.while_(init_values=(out, 0)):
            pl.cond(n < 2)
            acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
            for i, (acc,) in pl.range(4, init_values=(acc0,)):
                part = pl.load(x, [i * 16, 0], [16, 32])
                scaled = pl.tile.muls(part, 2.0)
                acc2 = pl.tile.assemble(acc, scaled, [i * 16, 0])
                res = pl.yield_(acc2)
            st = pl.store(res, [0, 0], o_acc)
            n1 = n + 1
            o2, n_out = pl.yield_(st, n1)
        return o2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        z = self.gather(x, o)
        return z
