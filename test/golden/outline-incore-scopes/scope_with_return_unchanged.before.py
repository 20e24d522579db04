# rule: outline-incore-scopes — which scopes: a CORE_GROUP scope that contains a return is not outlined (the return would leave the caller, not the new function), fail closed
# expect: unchanged
# expect-warning: scope_with_return_unchanged.before.py:11:9: warning: the pl.at scope stays in place because it contains a return; left in an orchestration function it has no runtime spelling
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="early"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], o)
            return r
