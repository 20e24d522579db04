# rule: outline-incore-scopes — a scalar assigned inside the scope and read after it, computed from the entry body's values by scalar arithmetic, goes before the call (PyPTO language/01-functions: "When the value only depends on things the entry body already has (a loop variable, a scalar parameter), the compiler moves the computation out of the scope for you"), with the scope's scalars it needs, in order; the kernel takes those it reads as parameters (user trial 2026-12-06 F3: the kernel returned the scalar and compile refused it)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="head"):
            k = s * 2.0
            k2 = k + 1.0
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.tile.muls(t, k)
            r = pl.store(u, [0, 0], o)
        return r, k2
