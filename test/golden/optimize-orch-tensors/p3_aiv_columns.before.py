# rule: Pattern 3 (Assemble-Loop Rewrite) — callees are InCore, AIC or AIV (spec "Scope"): an AIV kernel assembling column blocks of two inputs at [0, j * 16]
import ptorw.language as pl


@pl.program
class AivColumns:
    @pl.function(type=pl.FunctionType.AIV)
    def blend(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc0 = pl.tile.create([16, 64], dtype=pl.FP32)
        for j, (acc,) in pl.range(4, init_values=(acc0,)):
            ta = pl.load(a, [0, j * 16], [16, 16])
            tb = pl.load(b, [0, j * 16], [16, 16])
            m = pl.tile.minimum(ta, tb)
            acc2 = pl.tile.assemble(acc, m, [0, j * 16])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o = pl.tensor.create([16, 64], dtype=pl.FP32)
        y = self.blend(a, b, o)
        return y
