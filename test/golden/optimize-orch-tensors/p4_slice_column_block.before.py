# rule: Pattern 4 (Slice Input Strides), Solution — tensor.slice(parent, size, offset) passed as an In argument of an InCore call: the parent's shape-derived strides [64, 1] go on the callee's In param, so tile.load uses the parent's layout
import ptorw.language as pl


@pl.program
class SliceColumnBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
