import ptorw.language as pl


@pl.program
class ShortCircuitOr:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.BOOL]:
        if j >= 8:
            either = pl.yield_(True)
        else:
            tj = pl.tensor.read(t, [j])
            either = pl.yield_(j >= 8 or tj > 0.0)
        ok = either
        return ok
