# rule: Pattern 5 (issue 4 Dynamic shapes) — a window is materialized when its type can be expressed from the callee's own parameters: the parent [M, 32] has a symbolic leading dim but a static trailing dim, so its strides [32, 1] are recoverable and the [16, 32] row window is externalized
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[M, 32], pl.FP32]) -> pl.Tensor[[M, 32], pl.FP32]:
        r = self.head(x, 16, o)
        return r
