# rule: spec "Scope": "Group | Unchanged" (Pattern 3 rewrites the body of an "InCore / outlined non-builtin callee" only) — a Group function whose body has exactly Pattern 3's shape (a For loop accumulating row blocks with tile.assemble into a tile.create'd iter-arg, then one whole tile.store into the Out param) keeps its tile.create, its tile.assemble loop and its final store
# expect: unchanged
# expect-remark: assemble_loop_to_store: 'gather' is a Group function, which the pass leaves unchanged (spec "Scope"): its tile.assemble loops are not rewritten
import ptorw.language as pl


@pl.program
class GroupAssembleRows:
    @pl.function(type=pl.FunctionType.Group)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            scaled = pl.tile.muls(part, 2.0)
            acc2 = pl.tile.assemble(acc, scaled, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        return y
