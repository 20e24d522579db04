# rule: Pattern 1 (Iter-Arg Reuse), caller side — the spec's form is an assignment `result = self.incore_fn(...)`; here the standalone-form kernel is called as a bare expression statement (its result dropped), so the call site does not qualify and out is not merged (remark: "the call is not the whole value of an assignment `r = self.k(...)`")
# expect: unchanged
import ptorw.language as pl


@pl.program
class CallNotAssigned:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[16, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        for k, (acc,) in pl.range(2, init_values=(t,)):
            acc2 = pl.tile.muls(acc, 0.5)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.tensor.create([16, 32], dtype=pl.FP32)
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        self.iterate(buf, o)
        return a
