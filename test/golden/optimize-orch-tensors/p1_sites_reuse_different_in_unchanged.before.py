# rule: Pattern 1 (Iter-Arg Reuse) — the merge changes the callee's signature, so every call site must merge the Out param into the same In param: the first loop carries a, the second carries b, so out is not merged (remark: "this call reuses In param 'b' where an earlier call site reuses 'a'")
# expect: unchanged
import ptorw.language as pl


@pl.program
class SitesReuseDifferentIn:
    @pl.function(type=pl.FunctionType.InCore)
    def blend(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ta = pl.load(a, [0, 0], [16, 32])
        tb = pl.load(b, [0, 0], [16, 32])
        u = pl.tile.add(ta, tb)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32],
             z: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.blend(acc, y, o)
            res = pl.yield_(nxt)
        for j, (acc2,) in pl.range(3, init_values=(z,)):
            o2 = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt2 = self.blend(w, acc2, o2)
            res2 = pl.yield_(nxt2)
        return res, res2
