# rule: Pattern 4 (Slice Input Strides) — the pattern covers slices passed as In arguments; a slice passed to an Out param is left alone (and its result is not assembled, so Pattern 2 does not apply either)
# expect: unchanged
import ptorw.language as pl


@pl.program
class OutParamSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, a: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        win = pl.tensor.slice(dst, [16, 32], [16, 32])
        r = self.fill(a, win)
        return r
