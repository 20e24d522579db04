# rule: Pattern 5 (issue 4 Dynamic shapes) — a symbolic trailing parent dim N makes the parent stride unrecoverable, so the window type cannot be expressed and the Out stays full
# expect: unchanged
import ptorw.language as pl

N = pl.dynamic("N")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, N], pl.FP32]]) -> pl.Tensor[[32, N], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        r = pl.store(t, [16, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Tensor[[32, N], pl.FP32]) -> pl.Tensor[[32, N], pl.FP32]:
        r = self.k(x, o)
        return r
