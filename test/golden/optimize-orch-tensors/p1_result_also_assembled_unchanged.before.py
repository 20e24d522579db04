# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side) — the call's result nxt is yielded back to the iter-arg acc it was computed from, but it is also assembled into copy: after the merge that value would live in the reused buffer that later iterations overwrite, so out is not merged (remark: "'nxt' (yielded to 'acc') has other uses besides the yield")
# expect: unchanged
import ptorw.language as pl


@pl.program
class ResultAlsoAssembled:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        keep = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc, copy) in pl.range(3, init_values=(x, keep)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            kept = pl.tensor.assemble(copy, nxt, [0, 0])
            res, res_copy = pl.yield_(nxt, kept)
        return res, res_copy
