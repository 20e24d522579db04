import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(n, init_values=(x,)):
            t = pl.tensor.adds(acc, 1.0)
            acc_next = pl.yield_(t)
        return acc_next
