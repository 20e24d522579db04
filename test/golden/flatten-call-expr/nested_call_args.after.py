import ptorw.language as pl


@pl.program
class NestedArgs:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64], pl.FP32],
              out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        buf1 = pl.tensor.create([64], dtype=pl.FP32)
        first = self.scale(a, buf1)
        buf2 = pl.tensor.create([64], dtype=pl.FP32)
        r = self.scale(first, buf2)
        return r
