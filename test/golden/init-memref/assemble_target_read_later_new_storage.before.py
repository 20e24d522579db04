# rule: "... after copying the target into the result when the planner gave them different storage": the target x is stored again after the assemble, so writing in place would lose it; the result z gets storage of its own (the lowering copies x into it first)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], keep: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        y = pl.tile.load(a, (0, 0), (16, 32))
        z = pl.tile.assemble(x, y, [0, 32])
        r1 = pl.tile.store(z, (0, 0), out)
        r2 = pl.tile.store(x, (0, 0), keep)
        return r1, r2
