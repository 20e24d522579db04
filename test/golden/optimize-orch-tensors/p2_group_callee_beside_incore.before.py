# rule: spec "Scope": "Group | Unchanged" — golden p2_group_callee_unchanged plus an InCore twin `kscale` whose result is assembled into columns 0..31 of the same parent: Pattern 2 gives the twin's `out` the parent's strides [64, 1] and still says why the Group's parameter keeps its type (review rev10 F3: the remark was lost when another callee got strides)
# expect-remark: assemble_parent_strides: 'scale' is a Group function, which the pass leaves unchanged (spec "Scope"): its parameters get no strides
import ptorw.language as pl


@pl.program
class GroupBesideInCore:
    @pl.function(type=pl.FunctionType.Group)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 3.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kscale(self, x: pl.Tensor[[16, 32], pl.FP32],
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
        tmp2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r2 = self.kscale(x, tmp2)
        placed2 = pl.tensor.assemble(placed, r2, [0, 0])
        return placed2
