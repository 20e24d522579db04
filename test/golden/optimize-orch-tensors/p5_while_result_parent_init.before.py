# rule: Pattern 5 Solution — when a materialized slice would otherwise use a loop-return alias as its parent, the parent is the loop's visible init tensor (WhileStmt): the call after the While writes a window of the while's result acc_out, sliced from its init o and assembled into acc_out
import ptorw.language as pl


@pl.program
class AfterWhile:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for (acc, n) in pl.while_(init_values=(o, 0)):
            pl.cond(n < 3)
            n1 = n + 1
            acc_out, n_out = pl.yield_(acc, n1)
        r = self.col(x, 48, acc_out)
        return r
