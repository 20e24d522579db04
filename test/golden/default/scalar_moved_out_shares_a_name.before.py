# rule: default — outline-incore-scopes moves a scalar read after its scope before the call (PyPTO language/01-functions), also when the scope rebinds a name it reads (`s = s + 1.0`): convert-to-ssa gives both values the name 's', and the kernel takes both, under distinct parameter names (review rev13 H1: 'parameter name 's' is used twice')
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k1"):
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.tile.muls(t, s)
            s = s + 1.0
            v = pl.tile.muls(u, s)
            r = pl.store(v, [0, 0], o)
        return r, s
