# rule: Pattern 3 (Assemble-Loop Rewrite) — meaning preserved: the kernel's call passes two params of an orchestration helper, and the helper's own call passes one tensor for both: the assemble loop stays
# expect: unchanged
# expect-remark: passes 'q' for param 'out' and 'p' for param 'x', which may share storage ('helper' is called in 'main' at 27:18 with 'a' and 'a')
import ptorw.language as pl


@pl.program
class ThroughHelper:
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
    def helper(self, p: pl.Tensor[[64, 32], pl.FP32], q: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.rev(p, q)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.helper(a, a)
        return y
