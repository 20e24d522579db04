import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class ShadowedDim:
    @pl.function(type=pl.FunctionType.Opaque)
    def mk(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.create_tensor([M, 64], dtype=pl.FP32)
        return t

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        m1 = n + 1
        m2 = m1 + 2
        y = self.mk(m2)
        return y
