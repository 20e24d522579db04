# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 's' is the result of tensor.add, which returns fresh packed memory whatever the assigned type declares (docs/semantics.md "Tensors"); its annotation claims strides [128, 1], so its strides are unknown and none are attached (38th session's review: [128, 1] was attached to a parameter receiving [64, 1])
# expect: unchanged
# expect-remark: 's' is the packed result of 'tensor.add', but its type declares other strides
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
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        s: pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.tensor.add(x, 1.0)
        blk = pl.tensor.slice(s, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
