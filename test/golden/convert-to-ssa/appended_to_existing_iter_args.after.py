import ptorw.language as pl


@pl.program
class AppendToExisting:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.INDEX]]:
        count0 = 0
        for i, (acc, count_acc) in pl.range(8, init_values=(buf, count0)):
            out = pl.tensor.create([64], dtype=pl.FP32)
            nxt = self.k(acc, out)
            count_next = count_acc + 1
            res, count_out = pl.yield_(nxt, count_next)
        return res, count_out
