# rule: convert-to-ssa — a loop copied into both arms after an if that holds an early return gets a new loop variable in the else copy (a variable is defined once); the tiles in that copy are typed `valid_shape=[j + 1, 64]` with the copy's own `j`, as their load's operand reads it
# verify-input: no
import ptorw.language as pl


@pl.program
class DynamicRestLoop:
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
        for j in pl.range(2):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[j + 1, 64])
            y = y + 1
            u = pl.tile.adds(t, 1.0)
            out = pl.store(u, [0, 0], out)
        return out
