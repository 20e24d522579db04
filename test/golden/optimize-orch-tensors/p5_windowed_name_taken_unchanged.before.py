# rule: Pattern 5 Solution — the callee is cloned to a __windowed variant: the program already has a function named col__windowed, so the clone cannot take that name and every call of col stays full although a FinalStore window is proven (remark: "'col' stays full: the name 'col__windowed' is taken by another function")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def col__windowed(self, x: pl.Tensor[[32, 16], pl.FP32],
                      out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col(x, 16, o)
        return r
