# rule: simplify, copy propagation — not propagated: a copy some type mentions (m = n, then a tensor created with shape [m]: types are not rewritten, so the type keeps naming m); the copy stays with its uses
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        m = n
        t = pl.tensor.create([m], dtype=pl.FP32)
        s = pl.tensor.slice(t, [64], [0])
        return s
