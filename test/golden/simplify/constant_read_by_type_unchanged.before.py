# rule: simplify — a constant some type reads is not propagated (const_prop keeps `k = 4` and its uses when a type mentions `k`: types keep their dims as written, and removing `k` would leave `valid_shape=[k, 64]` reading nothing); the program stays as it is
# expect: unchanged
import ptorw.language as pl


@pl.program
class ConstantInType:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 4
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
        u = pl.tile.adds(t, 1.0)
        stored = pl.store(u, [0, 0], out)
        return stored
