# rule: Pattern 2 (Assemble Parent Strides) — the one call's result r is assembled into two parents of different widths ([16, 64]: strides [64, 1]; [16, 96]: strides [96, 1]), so its own vote has no single parent's strides and nothing is attached (remark: "gives no strides (the result is also assembled into 'wide' at ..., with other strides)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class AssembledIntoTwoParents:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 96], pl.FP32]]:
        narrow = pl.tensor.create([16, 64], dtype=pl.FP32)
        wide = pl.tensor.create([16, 96], dtype=pl.FP32)
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        n2 = pl.tensor.assemble(narrow, r, [0, 0])
        w2 = pl.tensor.assemble(wide, r, [0, 64])
        return n2, w2
