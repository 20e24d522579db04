# rule: outline-incore-scopes — which scopes: only scopes in an Orchestration function are outlined; the same CORE_GROUP scope of tile code in an Opaque function stays
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function
    def helper(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy_rows"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], o)
        return r
