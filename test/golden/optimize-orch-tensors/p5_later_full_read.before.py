# rule: Pattern 5 Output-window eligibility — later full-parent reads do not disable output windowing: total reads all of r after the windowed write (correctness is left to runtime TensorMap overlap)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def total(self, t: pl.Tensor[[32, 64], pl.FP32], d: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.load(t, [0, 0], [32, 64])
        b = pl.tile.muls(a, 3.0)
        s = pl.store(b, [0, 0], d)
        return s

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32], d: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 32, o)
        s = self.total(r, d)
        return s
