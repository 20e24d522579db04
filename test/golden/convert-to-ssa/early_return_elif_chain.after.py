import ptorw.language as pl


@pl.program
class ElifChain:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y0 = n + 1
        if n > 3:
            return y0
        else:
            if m > 3:
                w0 = m * 2
                if w0 > 4:
                    y1 = y0 + w0
                    y2 = y1 - 1
                    return y2
                else:
                    return w0
            else:
                if m > 1:
                    return m
                else:
                    w1 = m + 1
                    if w1 > 4:
                        y3 = y0 + w1
                        y4 = y3 - 1
                        return y4
                    else:
                        return w1
