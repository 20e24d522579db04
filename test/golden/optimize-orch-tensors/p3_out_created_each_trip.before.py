# rule: Pattern 3 (Assemble-Loop Rewrite) — the call-site check tells a buffer created in a loop body from the one the loop carries from the trip before (a new storage every trip: the spec's Pattern 1 "Before" loop, which Pattern 1 declines here because rev reads its In rows in reverse), so the kernel's loop is rewritten (review rev15 M2: it was refused)
import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [48 - i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (prev,) in pl.range(3, init_values=(x,)):
            t = pl.tensor.create([64, 32], dtype=pl.FP32)
            r = self.rev(prev, t)
            res = pl.yield_(r)
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        z = self.rev(x, o)
        return res
