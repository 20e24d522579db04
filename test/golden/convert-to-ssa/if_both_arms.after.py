import ptorw.language as pl


@pl.program
class IfBothArms:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
        if flag:
            y_then = pl.add(a, 1.0)
            y = pl.yield_(y_then)
        else:
            y_else = pl.mul(a, 2.0)
            y = pl.yield_(y_else)
        return y
