# Expected: 'o1', its store result and the first result type carry the strides [64, 1] of the
# [128, 64] parents; 'o2' and the orchestration are unchanged.
import ptorw.language as pl


@pl.program
class TwoOuts:
    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, x: pl.Tensor[[16, 32], pl.FP32],
             o1: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]],
             o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        r1: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, 0], o1)
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
