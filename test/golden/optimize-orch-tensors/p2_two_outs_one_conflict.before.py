# rule: spec Pattern 2 — a callee with two Out params: both calls assemble 'o1' into [128, 64] parents (strides [64, 1] attached) while 'o2' goes to a [128, 64] parent at one call and a [128, 96] parent at the other (a conflict: no strides). The application still says why 'o2' keeps its type (review rev12 M-B: that remark was lost when 'o1' got strides; the attached 'o1' is said with the application, rev12 low)
# expect-remark: assemble_parent_strides: 'pair' Out param 'o1': applied: has the strides [64, 1] of parent 'big1' assembled at 29:15; Out param 'o2': conflict, no strides: here parent 'narrow'
# expect-remark: assemble_parent_strides: 'pair' Out param 'o1': applied: has the strides [64, 1] of parent 'big2' assembled at 34:15; Out param 'o2': conflict, no strides: here parent 'wide'
import ptorw.language as pl


@pl.program
class TwoOuts:
    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, x: pl.Tensor[[16, 32], pl.FP32],
             o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
             o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        r1 = pl.store(t, [0, 0], o1)
        u = pl.tile.muls(t, 2.0)
        r2 = pl.store(u, [0, 0], o2)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 96], pl.FP32]]:
        big1 = pl.create_tensor([128, 64], dtype=pl.FP32)
        big2 = pl.create_tensor([128, 64], dtype=pl.FP32)
        narrow = pl.create_tensor([128, 64], dtype=pl.FP32)
        wide = pl.create_tensor([128, 96], dtype=pl.FP32)
        ta = pl.create_tensor([16, 32], dtype=pl.FP32)
        tb = pl.create_tensor([16, 32], dtype=pl.FP32)
        a1, a2 = self.pair(x, ta, tb)
        b1n = pl.tensor.assemble(big1, a1, [0, 0])
        nn = pl.tensor.assemble(narrow, a2, [0, 0])
        tc = pl.create_tensor([16, 32], dtype=pl.FP32)
        td = pl.create_tensor([16, 32], dtype=pl.FP32)
        c1, c2 = self.pair(x, tc, td)
        b2n = pl.tensor.assemble(big2, c1, [16, 0])
        wn = pl.tensor.assemble(wide, c2, [16, 64])
        return b1n, b2n, nn, wn
