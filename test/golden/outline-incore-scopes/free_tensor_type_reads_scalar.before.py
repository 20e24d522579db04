# rule: outline-incore-scopes — a free value's type may read a variable no statement of the scope reads (a window typed `valid_shape=[m, 64]`): that variable is a free value too, and a parameter's type reads only earlier parameters (text is read in order), so `m` comes before `s`
import ptorw.language as pl


@pl.program
class SliceValidRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m = n % 16 + 1
        s: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(valid_shape=[m, 64])] = pl.slice(x, [16, 64], [16, 0], [m, 64])
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(s, [0, 0], [16, 64])
            u = pl.tile.muls(t, 2.0)
            stored = pl.store(u, [0, 0], out)
        return stored
