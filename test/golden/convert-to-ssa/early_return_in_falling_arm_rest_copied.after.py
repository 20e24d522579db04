import ptorw.language as pl


@pl.program
class FallingArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y0 = n + 1
        if n > 3:
            if m > 5:
                z0 = y0 + m
                y1 = z0 - y0
                y2 = y1 + z0
                return y2
            else:
                y3 = y0 * 3
                return y3
        else:
            z1 = y0 - 1
            y4 = y0 + z1
            return y4
