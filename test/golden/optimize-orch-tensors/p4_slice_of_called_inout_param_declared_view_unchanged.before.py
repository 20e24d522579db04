# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 's' is an InOut parameter of inner, which main calls; its type declares strides [128, 1], but only an In parameter's declared TensorView is checked on entry (docs/semantics.md), and main passes a packed [32, 64] tensor: its strides are unknown and none are attached (38th session's review: [128, 1] was attached to a parameter receiving [64, 1])
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
    def inner(self, s: pl.InOut[pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[8, 16], pl.FP32]:
        blk = pl.tensor.slice(s, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        r = self.inner(x)
        return r
