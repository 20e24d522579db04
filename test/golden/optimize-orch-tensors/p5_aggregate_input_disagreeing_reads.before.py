# rule: Pattern 5 Input-window eligibility — AggregateInputWindowLoop: all matched references must agree on window shape and offset: inside the aggregate loop x is read at [0, j * 64] and at [0, 64 - j * 64], so x stays a full argument (remark: "its references disagree on the window shape or offset within a trip") while the AggregateWindowLoop output out is still windowed ([16, 128] at [16, 0])
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 128], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(out,)):
            a = pl.load(x, [0, j * 64], [16, 64])
            b = pl.load(x, [0, 64 - j * 64], [16, 64])
            t = pl.tile.add(a, b)
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
