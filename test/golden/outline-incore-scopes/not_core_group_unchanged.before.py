# rule: outline-incore-scopes — only scopes with level=pl.Level.CORE_GROUP are outlined: a pl.at scope at another level stays, and so does a pl.manual_scope
# expect: unchanged
# expect-warning: not_core_group_unchanged.before.py:11:9: warning: the pl.at(..., windowize=True) scope stays in place because its level is not pl.Level.CORE_GROUP, so no outlined function carries windowize=True and Pattern 5 does not see it
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.HOST, windowize=True, name_hint="h"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [16, 0], o)
        with pl.manual_scope():
            t2 = pl.load(x, [0, 0], [16, 32])
            r2 = pl.store(t2, [32, 0], r)
        return r2
