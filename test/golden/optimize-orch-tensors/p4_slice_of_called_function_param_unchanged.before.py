# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 's' is a parameter of the Orchestration function inner, which main calls with a [32, 64] window of a [64, 128] tensor (strides [128, 1]); tensors are passed as views, so a parameter without a declared TensorView of a function others call has unknown strides and none are attached (38th session's review: the packed [64, 1] was attached)
# expect: unchanged
# expect-remark: 's' is a parameter of 'inner', which other functions call with views of any strides
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def inner(self, s: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        blk = pl.tensor.slice(s, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        s = pl.tensor.slice(x, [32, 64], [0, 0])
        r = self.inner(s)
        return r
