import ptorw.language as pl


@pl.program
class Int8MulZero:
    @pl.function
    def main(self, x: pl.Scalar[pl.INT8]) -> pl.Scalar[pl.INT8]:
        r: pl.Scalar[pl.INT8] = 30
        return r
