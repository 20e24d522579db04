# rule: outline-incore-scopes — which scopes: a scope that contains a nested scope is not outlined (two outlined scopes never nest); the inner CORE_GROUP scope of tile code is outlined on its own, and the outer scope stays around its call
# expect-warning: nested_scope_inner_outlined.before.py:10:9: warning: the pl.at scope stays in place because it contains a nested scope; left in an orchestration function it has no runtime spelling
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="outer"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], o)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="inner"):
                u = pl.load(x, [0, 0], [16, 32])
                r2 = pl.store(u, [16, 0], r)
        return r2
