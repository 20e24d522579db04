# rule: convert-to-ssa — a loop-carried value has one type: a tile reloaded in the body with `valid_shape=[k, 64]` after `k = k + 1` has valid extents that change from one iteration to the next, which no iter arg type states (the iter arg kept the extents from before the loop, and the lowered store wrote one row in every iteration; review of the type renames, MEDIUM 3); refused, the program unchanged
# verify-input: no
# expect-error: 't' is carried by this loop, but its type reads variables that change from one iteration to the next
import ptorw.language as pl


@pl.program
class CarriedValidRows:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 1
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
        for i in pl.range(3):
            out = pl.store(t, [0, 0], out)
            k = k + 1
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
        return out
