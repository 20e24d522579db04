# rule: Pattern 5 Input-window eligibility — every reference must match the same local window and its offsets may reference only callee params: x is read inside a loop, but always at [row, 0] (the loop variable is not used), so it is a PureInputWindowConsumer window [16, 64] read at [0, 0] in the clone
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rep(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(3, init_values=(z,)):
            t = pl.load(x, [row, 0], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], o: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.rep(x, 16, o)
        return y
