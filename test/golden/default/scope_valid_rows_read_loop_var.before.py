# rule: default pipeline on hand-written tile code in pl.at scopes whose valid extents read the loop variable (`valid_shape=[i + 1, 64]`, PyPTO's tail-block shape) with names rebound (two loops over `i`, `out`, `t`, `u`): convert-to-ssa renames the second loop's `i` in the types as in the operands, and each outlined kernel's types read its own parameter `i` (before: "type of 't' refers to undefined variable 'i'")
# verify-input: no
import ptorw.language as pl


@pl.program
class TailRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for i in pl.range(2):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(x, [0, 0], [16, 64], valid_shape=[i + 1, 64])
                u = pl.tile.adds(t, 1.0)
                out = pl.store(u, [0, 0], out)
        for i in pl.range(3):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(x, [0, 0], [16, 64], valid_shape=[i + 2, 64])
                u = pl.tile.muls(t, 2.0)
                out = pl.store(u, [0, 0], out)
        return out
