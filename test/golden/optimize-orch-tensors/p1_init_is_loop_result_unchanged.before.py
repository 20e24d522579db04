# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side; fail closed where the spec is silent) — the second loop starts from the first loop's result first, which is neither a fresh tensor.create, a kernel's Out result, an In param of an uncalled function nor an iter-arg, so its buffer is not proven owned and the second call site does not qualify (remark: "'first' is not a fresh tensor.create, a kernel's Out result, an In param of an uncalled function, or a loop-carried buffer"); a pair is merged only when every call site qualifies, so the first loop keeps its tensor.create too
# expect: unchanged
import ptorw.language as pl


@pl.program
class InitIsLoopResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            first = pl.yield_(nxt)
        for j, (acc2,) in pl.range(3, init_values=(first,)):
            o2 = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt2 = self.scale(acc2, o2)
            second = pl.yield_(nxt2)
        return second
