import ptorw.language as pl


@pl.program
class LoopHeader:
    @pl.function
    def main(self, sizes: pl.Tensor[[4], pl.INT64], a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        n = pl.tensor.read(sizes, [0])
        init = pl.tensor.create([64], dtype=pl.FP32)
        for i, (acc,) in pl.range(n, init_values=(init,)):
            nxt = pl.tensor.add(acc, a)
            res = pl.yield_(nxt)
        return res
