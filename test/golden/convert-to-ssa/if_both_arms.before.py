# rule: convert-to-ssa — an if whose two arms assign the same name (read after the if) gets an If result; each arm yields its value with pl.yield_
# verify-input: no
import ptorw.language as pl


@pl.program
class IfBothArms:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
        if flag:
            y = pl.add(a, 1.0)
        else:
            y = pl.mul(a, 2.0)
        return y
