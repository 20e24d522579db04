# rule: spec "Scope": "Group | Unchanged" (Pattern 4 attaches strides to the In param of an "InCore / outlined non-builtin callee" only) — the orchestration passes a tensor.slice of the [128, 64] parent `x` as the In argument `a` of a Group function that loads it; Pattern 4 would give an InCore callee's `a` the strides [64, 1] (golden p4_slice_column_block), but the Group's parameter keeps its type
# expect: unchanged
# expect-remark: slice_input_strides: 'scale' is a Group function, which the pass leaves unchanged (spec "Scope"): its parameters get no strides
import ptorw.language as pl


@pl.program
class GroupSliceCallee:
    @pl.function(type=pl.FunctionType.Group)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
