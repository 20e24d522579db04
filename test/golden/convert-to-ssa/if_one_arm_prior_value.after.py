import ptorw.language as pl


@pl.program
class IfOneArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], big: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        step0 = 1
        if big:
            step1 = 4
            step = pl.yield_(step1)
        else:
            step = pl.yield_(step0)
        stop = n * step
        return stop
