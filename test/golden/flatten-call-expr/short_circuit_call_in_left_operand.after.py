import ptorw.language as pl


@pl.program
class LeftOperand:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.BOOL]:
        t0 = pl.tensor.read(t, [0])
        ok = t0 > 0.0 or j > 2
        return ok
