import ptorw.language as pl


@pl.program
class NormalizeOnly:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.FP32]:
        v0 = pl.tensor.read(t, [3])
        if c:
            v1 = v0 * 2.0
            v2 = pl.yield_(v1)
        else:
            v2 = pl.yield_(v0)
        r = pl.tensor.read(t, [0])
        v3 = v2 + r
        return v3
