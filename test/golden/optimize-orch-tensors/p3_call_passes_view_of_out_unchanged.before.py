# rule: Pattern 3 (Assemble-Loop Rewrite) — meaning preserved: a call whose In argument is a view of its Out argument (tensor.reshape shares storage, docs/semantics.md) keeps the assemble loop
# expect: unchanged
# expect-remark: passes 'a' for param 'out' and 'v' for param 'x', which may share storage
import ptorw.language as pl


@pl.program
class ViewOfOut:
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
        w = pl.tensor.reshape(a, [32, 64])
        v = pl.tensor.reshape(w, [64, 32])
        y = self.rev(v, a)
        return y
