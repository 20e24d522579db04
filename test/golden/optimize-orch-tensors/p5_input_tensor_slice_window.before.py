# rule: Pattern 5 Input-window eligibility — supported references are tile.load and tensor.slice: the In param src is only read through tensor.slice(src, [16, 32], [row, 0]), so it is a PureInputWindowConsumer window; the clone slices its window at [0, 0] and the call site slices src at the substituted offset
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def copy(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        part = pl.tensor.slice(src, [16, 32], [row, 0])
        t = pl.load(part, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.copy(a, 48, buf)
        return r
