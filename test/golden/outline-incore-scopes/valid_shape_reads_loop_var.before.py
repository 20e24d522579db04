# rule: outline-incore-scopes — "params: the scope's free values" includes the variables the scope's types read: a tile loaded with `valid_shape=[i + 1, 64]` inside a loop over `i` has a type that reads `i`; the kernel's types read its own parameter `i`, not the caller's loop variable (which is undefined in the kernel)
import ptorw.language as pl


@pl.program
class ScopeValidRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(out,)):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(x, [0, 0], [16, 64], valid_shape=[i + 1, 64])
                u = pl.tile.adds(t, 1.0)
                stored = pl.store(u, [0, 0], acc)
            res = pl.yield_(stored)
        return res
