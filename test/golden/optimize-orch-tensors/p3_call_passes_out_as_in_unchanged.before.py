# rule: Pattern 3 (Assemble-Loop Rewrite) — meaning preserved: a call passing one tensor as the In and the Out argument keeps the assemble loop (the rewritten loop would write out while it still reads x: later trips read rows earlier trips overwrote; audit 2026-12-06 F2)
# expect: unchanged
# expect-remark: passes 'a' for param 'out' and 'a' for param 'x', which may share storage: the loop would write 'out' while it still reads the other params
import ptorw.language as pl


@pl.program
class OutAsIn:
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
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.rev(a, a)
        return y
