import ptorw.language as pl


@pl.program
class ShortCircuitAnd:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], j: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if j < 8:
            tj = pl.tensor.read(t, [j])
            both = pl.yield_(j < 8 and tj > 0.0)
        else:
            both = pl.yield_(False)
        if both:
            r = pl.yield_(1)
        else:
            r = pl.yield_(0)
        return r
