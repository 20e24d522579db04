# rule: outline-incore-scopes — only scopes of tile-level code are outlined: a CORE_GROUP scope that calls a kernel (the spec's `with pl.at(...): out = self.my_kernel(...)` form) is already outlined code and stays, and so does a scope of scalar code with no tile op
# expect: unchanged
# expect-warning: scope_with_call_unchanged.before.py:19:9: warning: the pl.at(..., windowize=True) scope stays in place because it calls 'my_kernel' (not tile-level code), so no outlined function carries windowize=True and Pattern 5 does not see it; to window that kernel, give it attrs={"windowize": True}
# expect-warning: scope_with_call_unchanged.before.py:21:9: warning: the pl.at scope stays in place because it contains no tile op (not tile-level code); left in an orchestration function it has no runtime spelling (ptorw has no ConvertTensorToTileOps: write the scope with pl.load, tile ops and pl.store)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def my_kernel(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [16, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Scalar[pl.INDEX]]:
        with pl.at(level=pl.Level.CORE_GROUP, windowize=True):
            out = self.my_kernel(x, o)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="scalar"):
            m = n * 2
        return out, m
