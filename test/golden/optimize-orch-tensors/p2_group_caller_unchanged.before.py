# rule: Pattern 2 (Assemble Parent Strides) and spec "Scope" — Group functions are "Unchanged": an Out param's strides are part of the call's result type inside the Group, so a kernel whose result a Group function assembles keeps its signature (as Pattern 1 keeps it)
# expect: unchanged
# expect-remark: gives no strides (the pass leaves a Group function unchanged (spec "Scope"), so the kernel keeps its signature)
import ptorw.language as pl


@pl.program
class AssembleRowBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 32])
            res = pl.yield_(nxt)
        return res
