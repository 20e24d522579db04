# rule: spec "Scope": "Group | Unchanged" (Pattern 2 attaches the parent's strides to the Out param of an "InCore / outlined non-builtin callee" only) — the orchestration assembles the result of a Group function into columns 32..63 of the [16, 64] parent `dst`; an InCore callee's `out` would get the strides [64, 1] (with type=InCore the pass gives it stride=[64, 1]), but the Group's parameter keeps its type
# expect: unchanged
# expect-remark: assemble_parent_strides: 'scale' is a Group function, which the pass leaves unchanged (spec "Scope"): its parameters get no strides
import ptorw.language as pl


@pl.program
class GroupAssembledCallee:
    @pl.function(type=pl.FunctionType.Group)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 3.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(dst, r, [0, 32])
        return placed
