import ptorw.language as pl


@pl.program
class ConstProp:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(src, [row, 8], [16, 16])
        r = pl.store(t, [row, 16], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.tensor.create([128, 32], dtype=pl.FP32)
        r = self.k(a, 40, buf)
        return r
