# rule: simplify, copy propagation — a variable assigned once from a variable of the same type is replaced by that variable at every use (call arguments, yields, returns, iter-arg inits, chains of copies), and the copies are then dead assignments and removed
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        a = x
        b = a
        for i, (acc,) in pl.range(n, init_values=(b,)):
            c = acc
            t = pl.tensor.adds(c, 1.0)
            u = t
            acc_next = pl.yield_(u)
        r = acc_next
        return r
