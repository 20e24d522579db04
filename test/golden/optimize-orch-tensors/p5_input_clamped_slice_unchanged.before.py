# rule: Pattern 5 Input-window eligibility — supported references are tile.load and tensor.slice: a tensor.slice with clamp=True clips its window to the sliced tensor; once src became the caller's window the clipping (and what the slice reads) would change, so the pass refuses the consumer (fail closed) and the call stays as written
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def copy(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        part = pl.tensor.slice(src, [16, 32], [row, 0], clamp=True)
        t = pl.load(part, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.copy(a, 48, buf)
        return r
