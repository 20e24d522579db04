# rule: Pattern 5 Solution — when a materialized slice would otherwise use a loop-return alias as its parent, the pass rewrites that parent to the loop's visible init tensor (ForStmt), here for an input window: res is the loop's result and every trip writes in place into the iter-arg (head's Out), so rd's In window is sliced from the init buf
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.neg(t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            y = self.head(x, i * 16, acc)
            res = pl.yield_(y)
        o2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        z = self.rd(res, 16, o2)
        return z
