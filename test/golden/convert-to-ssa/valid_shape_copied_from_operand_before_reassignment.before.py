# rule: convert-to-ssa — a type copied from an operand's keeps that operand's value of the variable: `u = pl.tile.adds(t, 1.0)` after `k = k + 1` has t's valid extent, the `k` t was loaded with (the iter arg), not the new `k`; the parser bound u's type to the node t's type reads, which is no longer the latest `k` in text order, so the variable is renamed as the operand's renamed type reads it
# verify-input: no
import ptorw.language as pl


@pl.program
class OperandTypeOldRows:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 2
        for i in pl.range(3):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
            k = k + 4
            u = pl.tile.adds(t, 1.0)
            out = pl.store(u, [0, 0], out)
        return out
