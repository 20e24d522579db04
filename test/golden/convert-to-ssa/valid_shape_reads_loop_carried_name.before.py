# rule: convert-to-ssa — a variable inside a type is a use like an operand: `valid_shape=[k, 64]` in a loop that reassigns `k` reads the iter arg, in the tile's type as in the load's operand (and in every type copied from it); a type left naming the value before the loop is what tile-to-buffer refuses (`typed with valid extents [k, 64] but the op gives it [k_1, 64]`)
# verify-input: no
import ptorw.language as pl


@pl.program
class LoopCarriedValidRows:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 1
        for i in pl.range(4):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
            u = pl.tile.adds(t, 1.0)
            out = pl.store(u, [0, 0], out)
            k = k + 1
        return out
