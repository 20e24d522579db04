# rule: convert-to-ssa — an if result the text writes (`c = pl.yield_(t)` in both arms) has the type of the value its arms yield: t's `valid_shape=[k, 64]` reads the loop's iter arg for `k`, and so does c's (review of the type renames, HIGH 1)
# verify-input: no
import ptorw.language as pl


@pl.program
class WrittenIfResults:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 1
        for i in pl.range(4):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
            if n > 2:
                c = pl.yield_(t)
            else:
                c = pl.yield_(t)
            out = pl.store(c, [0, 0], out)
            k = k + 1
        return out
