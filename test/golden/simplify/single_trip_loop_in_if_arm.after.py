import ptorw.language as pl


@pl.program
class TripInArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        if c:
            pass
        return n
