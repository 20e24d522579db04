# rule: Pattern 5 Supported rewrite shapes — AggregateInputWindowLoop applies only together with an AggregateWindowLoop output rewrite: x is read in [16, 64] tiles at [0, j * 64] across a reduction loop whose result is written by a FinalStore, so x stays full while the FinalStore Out is windowed
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rowsum(self, x: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
               out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(4, init_values=(z,)):
            t = pl.load(x, [0, j * 64], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 256], pl.FP32], o: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.rowsum(x, 32, o)
        return y
