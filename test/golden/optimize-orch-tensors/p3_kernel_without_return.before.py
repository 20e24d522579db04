# rule: Pattern 3 (Assemble-Loop Rewrite) — a kernel with no return statement (its final store is a statement) is rewritten like any other: only a return before the end keeps the loop (review rev16 M1: the early-return check refused it)
import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        self.rev(a, o)
        return o
