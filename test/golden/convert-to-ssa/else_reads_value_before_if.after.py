import ptorw.language as pl


@pl.program
class ElseReadsBefore:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        x0 = n + 1
        if c:
            x1 = x0 * 2
            x3 = pl.yield_(x1)
        else:
            x2 = x0 + 3
            x3 = pl.yield_(x2)
        return x3
