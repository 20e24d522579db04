# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side, rule (b); fail closed where the spec is silent) — the standalone-form call's In argument v is the result of kernel pass_through, but that result is no tile.store into an Out/InOut param (BuildOutParamReturnMappings maps it to none), so its buffer is not proven owned and out is not merged (remark: "'v' is a result of 'pass_through' that carries no Out/InOut param")
# expect: unchanged
import ptorw.language as pl


@pl.program
class ResultWithoutOut:
    @pl.function(type=pl.FunctionType.InCore)
    def pass_through(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        return x

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
        v = self.pass_through(a)
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        y = self.iterate(v, o)
        return y
