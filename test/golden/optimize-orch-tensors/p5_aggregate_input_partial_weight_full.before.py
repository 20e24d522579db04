# rule: Pattern 5 Input-window eligibility — for AggregateInputWindowLoop the aggregate window must equal the input parent shape; partial aggregate reads such as weight sub-windows remain full-tensor: w [64, 256] is read at [0, j * 64] in [16, 64] tiles, an aggregate of [16, 256] only, so w stays a full argument while the AggregateWindowLoop output is still windowed
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj(self, w: pl.Tensor[[64, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(w, [0, j * 64], [16, 64])
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, w: pl.Tensor[[64, 256], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.proj(w, 48, o)
        return y
