# tasks_test "a kernel addressing an argument with other strides than it is stored with is pictured with a warning" (review rev43c 10): 'k' and 'upd' address packed [16, 32] parameters, the views of x and y have row stride 64
import ptorw.language as pl

@pl.program
class T1:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def upd(self, a: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], a)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = pl.create_tensor([64, 64], dtype=pl.FP32)
        xa = pl.tensor.slice(x, [16, 32], [8, 16])
        ya = pl.tensor.slice(y, [16, 32], [8, 16])
        r0 = self.k(xa, ya)
        yb = pl.tensor.slice(y, [16, 32], [8, 32])
        r1 = self.k(xa, yb)
        yc = pl.tensor.slice(y, [16, 32], [20, 24])
        r2 = self.upd(yc)
        return y
