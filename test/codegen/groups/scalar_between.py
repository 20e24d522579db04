# A Group whose members take their arguments in another order than the Group's parameters: the
# task's argument slots are the Group's (tensors a, w, tmp, res, then the scalar f), while the
# AIV kernel v(s, x, y) is bound to f, tmp (what c wrote) and res. Each member's entry wrapper must
# read those slots (slot 4, 2, 3), not its own positions. main also calls v directly (its own
# wrapper, its own slots). Input of test/orch_sim_test.py and test/cli_compile_test.sh.
import ptorw.language as pl


@pl.program
class ScalarBetween:
    @pl.function(type=pl.FunctionType.AIC)
    def c(self, a: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32],
          o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        am = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        wm = pl.tile.load(w, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        wr = pl.tile.move(wm, target_memory=pl.Mem.Right)
        p = pl.tile.matmul(al, wr)
        r = pl.store(p, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.AIV)
    def v(self, s: pl.Scalar[pl.FP32], x: pl.Tensor[[16, 32], pl.FP32],
          y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, s)
        r = pl.store(u, [0, 0], y)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32], f: pl.Scalar[pl.FP32],
          tmp: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          res: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        p = self.c(a, w, tmp)
        q = self.v(f, p, res)
        return q

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = pl.create_tensor([16, 32], dtype=pl.FP32)
        q = self.g(a, w, 0.5, t, r)
        d = pl.create_tensor([16, 32], dtype=pl.FP32)
        e = self.v(2.0, q, d)
        return e
