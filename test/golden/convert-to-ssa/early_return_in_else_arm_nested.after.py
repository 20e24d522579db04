import ptorw.language as pl


@pl.program
class ElseReturns:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        y0 = pl.add(x, x)
        if n > 3:
            if n > 5:
                z = pl.add(y0, x)
                y1 = pl.sub(z, y0)
                return y1
            else:
                y2 = pl.mul(y0, x)
                return y2
        else:
            y3 = pl.mul(y0, y0)
            return y3
