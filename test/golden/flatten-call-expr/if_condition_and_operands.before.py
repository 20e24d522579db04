# rule: flatten-call-expr — a call in an if condition moves before the if; calls that are operands of arithmetic (not the whole assigned value) and calls inside an offset list move out too
import ptorw.language as pl


@pl.program
class IfCondition:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], idx: pl.Tensor[[2], pl.INT64]) -> pl.Scalar[pl.FP32]:
        if pl.tensor.read(t, [0]) > 0.0:
            v = pl.tensor.read(t, [pl.tensor.read(idx, [0])]) * 2.0
            w = pl.yield_(v)
        else:
            w = pl.yield_(0.0)
        return w
