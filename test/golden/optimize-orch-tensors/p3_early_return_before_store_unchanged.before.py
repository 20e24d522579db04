# rule: Pattern 3 (Assemble-Loop Rewrite) — meaning preserved: a kernel that can return between its accumulation loop and the final store keeps the loop (the rewrite would have written the Out buffer before that return; audit 2026-12-06 H1)
# expect: unchanged
# expect-remark: loop not rewritten: the kernel also returns from inside an If arm or a loop
import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [48 - i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        if n > 0:
            return x
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        o = pl.full([64, 32], 0.0, dtype=pl.FP32)
        y = self.rev(a, n, o)
        return y, o
