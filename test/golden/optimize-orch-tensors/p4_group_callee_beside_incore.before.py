# rule: spec "Scope": "Group | Unchanged" — golden p4_group_callee_unchanged plus an InCore twin `kscale` that loads another tensor.slice of the [128, 64] parent `x`: Pattern 4 gives the twin's In param `a` the strides [64, 1] and still says why the Group's parameter keeps its type (review rev10 F3: the remark was lost when another callee got strides)
# expect-remark: slice_input_strides: 'scale' is a Group function, which the pass leaves unchanged (spec "Scope"): its parameters get no strides
import ptorw.language as pl


@pl.program
class GroupSliceBesideInCore:
    @pl.function(type=pl.FunctionType.Group)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kscale(self, a: pl.Tensor[[16, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        blk2 = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r2 = self.kscale(blk2, tmp2)
        return r, r2
