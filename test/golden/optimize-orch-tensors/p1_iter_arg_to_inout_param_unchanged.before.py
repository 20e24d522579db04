# rule: Pattern 1 (Iter-Arg Reuse), callee side — "Merge the Out param into the corresponding In param (promoted to InOut)": the loop-carried value is passed to io, which is already InOut, not an In param, so out is not merged (remark: "'io' is InOut, not an In param")
# expect: unchanged
import ptorw.language as pl


@pl.program
class IterArgToInOut:
    @pl.function(type=pl.FunctionType.InCore)
    def step(self, io: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(io, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.step(acc, o)
            res = pl.yield_(nxt)
        return res
