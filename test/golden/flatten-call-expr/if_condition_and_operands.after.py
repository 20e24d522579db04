import ptorw.language as pl


@pl.program
class IfCondition:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], idx: pl.Tensor[[2], pl.INT64]) -> pl.Scalar[pl.FP32]:
        head = pl.tensor.read(t, [0])
        if head > 0.0:
            j = pl.tensor.read(idx, [0])
            tj = pl.tensor.read(t, [j])
            v = tj * 2.0
            w = pl.yield_(v)
        else:
            w = pl.yield_(0.0)
        return w
