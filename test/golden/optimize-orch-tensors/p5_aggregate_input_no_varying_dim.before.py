# rule: Pattern 5 Input-window eligibility — for AggregateInputWindowLoop at least one offset dimension must vary with the loop: q is read whole at [0, 0] in every trip of the AggregateWindowLoop (full shape at zero offset, so not a PureInputWindowConsumer either), so q stays full while the Out is windowed
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def bcast(self, q: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
              out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, 0], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.bcast(q, 0, o)
        return y
