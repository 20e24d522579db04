# rule: outline-incore-scopes — a scope reading a tuple defined outside it stays: the tuple would become a kernel parameter, and a kernel's parameters are tensors and scalars (before the 40th session it became a tuple parameter: In while a store into pr[1] wrote it, so the pass's output failed the verifier, and a read-only one failed tile-to-buffer)
# expect: unchanged
# expect-warning: the pl.at scope stays in place because it reads the tuple 'pr' defined outside it
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 32], pl.FP32], a: pl.Out[pl.Tensor[[16, 32], pl.FP32]], b: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        r1 = pl.store(t, [0, 0], a)
        r2 = pl.store(t, [0, 0], b)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], a: pl.Out[pl.Tensor[[16, 32], pl.FP32]], b: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        pr = self.two(x, a, b)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.tile.muls(t, 2.0)
            r = pl.store(u, [0, 0], pr[1])
        return r
