# rule: outline-incore-scopes — stays-baseline of the scalar move: a scalar of the scope read only inside it stays in the kernel (it is no kernel return)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="head"):
            k = s * 2.0
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.tile.muls(t, k)
            r = pl.store(u, [0, 0], o)
        return r
