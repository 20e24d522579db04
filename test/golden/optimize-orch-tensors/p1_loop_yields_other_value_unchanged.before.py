# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side, rule (d); fail closed where the spec is silent) — the standalone-form call takes the loop's iter-arg acc, but the loop yields a further computation of the call's result, not the result itself, at acc's position, so the written buffer would not be the one carried on and out is not merged (remark: "the loop does not yield the value written into 'acc''s buffer at 'acc''s position")
# expect: unchanged
import ptorw.language as pl


@pl.program
class LoopYieldsOther:
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
    def main(self, y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(3, init_values=(buf,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.iterate(acc, o)
            mixed = pl.tensor.add(nxt, y)
            res = pl.yield_(mixed)
        return res
