# rule: convert-to-ssa — the code after an if that holds an early return is copied into both arms, and it defines a tile whose type reads a variable of the function (`valid_shape=[k, 64]`): each copy's types read that copy's `k` (the variables inside types are renamed as the operands that computed them; a copy whose type read the other copy's `k` was the bug that kept such code from moving, review of the rest copy)
# verify-input: no
import ptorw.language as pl


@pl.program
class DynamicRest:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = n + 1
        if n > 3:
            if n > 5:
                y = y + 2
            else:
                return out
        else:
            y = y - 1
        k = y % 16 + 1
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
        u = pl.tile.adds(t, 1.0)
        out = pl.store(u, [0, 0], out)
        return out
