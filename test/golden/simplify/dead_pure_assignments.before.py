# rule: simplify — dead pure assignments (scalar arithmetic, a pure op such as tensor.create) are removed; an unused user-function call is kept (it may write its Out argument)
import ptorw.language as pl


@pl.program
class DeadAssigns:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        unused = n * 4 + 1
        scratch = pl.tensor.create([64], dtype=pl.FP32)
        out = pl.tensor.create([64], dtype=pl.FP32)
        ignored = self.k(a, out)
        return a
