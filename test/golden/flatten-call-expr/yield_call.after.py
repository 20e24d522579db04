import ptorw.language as pl


@pl.program
class YieldCall:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            out = pl.tensor.create([64], dtype=pl.FP32)
            nxt = self.k(acc, out)
            res = pl.yield_(nxt)
        return res
