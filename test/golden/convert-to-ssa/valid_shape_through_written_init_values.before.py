# rule: convert-to-ssa — an iter arg the text writes (`init_values=(t,)`) has its init's type, and the loop's result its iter arg's: when t's `valid_shape=[k, 64]` reads the outer loop's iter arg for `k`, so do `acc` and `res` (left reading the `k` from before the loop, the lowered store wrote one row in every iteration; review of the type renames, HIGH 1)
# verify-input: no
import ptorw.language as pl


@pl.program
class WrittenInitValues:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 1
        for i in pl.range(4):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
            for j, (acc,) in pl.range(2, init_values=(t,)):
                res = pl.yield_(acc)
            out = pl.store(res, [0, 0], out)
            k = k + 1
        return out
