# rule: convert-to-ssa — a name an if's arms bind and that is read after the if holds one value of one type on every path (the If's result has one type); `s = 1` (a pl.INDEX) in one arm and `s = 2.5` (a pl.FP32) in the other is refused at the value of the other type, naming both types (review rev45a 4: the error named a pl.yield_ the text never wrote, at the if), the program unchanged
# verify-input: no
# expect-error: 's' is read after this if, and holds a pl.Scalar[pl.FP32] here but a pl.Scalar[pl.INDEX] from the then branch: a name has one type on every path
import ptorw.language as pl


@pl.program
class IfArmsTwoTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        if n > 0:
            s = 1
        else:
            s = 2.5
        t = pl.load(x, [0, 0], [16, 64])
        t = pl.tile.adds(t, s)
        out = pl.store(t, [0, 0], out)
        return out
