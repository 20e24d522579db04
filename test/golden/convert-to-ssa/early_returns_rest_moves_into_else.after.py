import ptorw.language as pl


@pl.program
class EarlyReturns:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        y0 = pl.add(x, x)
        if n > 3:
            y1 = pl.add(y0, x)
            return y1
        else:
            y2 = pl.mul(y0, y0)
            if n > 1:
                y3 = pl.add(y2, y2)
                return y3
            else:
                y4 = pl.sub(y2, x)
                return y4
