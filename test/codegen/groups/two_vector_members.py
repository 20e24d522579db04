# A Group of three members (AIV v1, AIC c, AIV v2) whose parameters are in no member's order:
# g(res, w, t2, a, t1). The task's slots are those five tensors in that order; v1(x, y) reads
# a and t1 (slots 3, 4), c(a, w, o) reads t1 (what v1 wrote), w and t2 (slots 4, 1, 2), v2(x, y)
# reads t2 and res (slots 2, 0). Input of test/orch_sim_test.py.
import ptorw.language as pl


@pl.program
class TwoVectorMembers:
    @pl.function(type=pl.FunctionType.AIV)
    def v1(self, x: pl.Tensor[[16, 32], pl.FP32],
           y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, 0], y)
        return r

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
    def v2(self, x: pl.Tensor[[16, 32], pl.FP32],
           y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.abs(t)
        r = pl.store(u, [0, 0], y)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def g(self, res: pl.Out[pl.Tensor[[16, 32], pl.FP32]], w: pl.Tensor[[32, 32], pl.FP32],
          t2: pl.Out[pl.Tensor[[16, 32], pl.FP32]], a: pl.Tensor[[16, 32], pl.FP32],
          t1: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        p = self.v1(a, t1)
        q = self.c(p, w, t2)
        r = self.v2(q, res)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        t1 = pl.create_tensor([16, 32], dtype=pl.FP32)
        t2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = pl.create_tensor([16, 32], dtype=pl.FP32)
        q = self.g(r, w, t2, a, t1)
        return q
