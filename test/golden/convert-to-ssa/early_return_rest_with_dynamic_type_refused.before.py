# rule: convert-to-ssa — the code after an if that holds an early return would be copied into both arms, but it defines a tile whose type reads a variable of the function (`valid_shape=[k, 64]`): convert-to-ssa renames uses, not the variables inside types, so the copy's type would read the other copy's `k`; nothing moves, the merge error stands and the program is unchanged (review of the rest copy: the else copy's type named the then copy's variable)
# verify-input: no
# expect-error: a branch of this if ends with a return; cannot merge the names it assigns
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
