# rule: Pattern 2 (Assemble Parent Strides) — applies only to results consumed by tensor.assemble: a result returned as is gets no strides
# expect: unchanged
import ptorw.language as pl


@pl.program
class NotAssembled:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        return r
