# rule: Pattern 1 (Iter-Arg Reuse), buffer ownership (caller side, rule (d); fail closed where the spec is silent) — the standalone-form call sits in the inner loop but its In argument a is an iter-arg of the outer loop, whose buffer every inner iteration would overwrite, so out is not merged (remark: "'a' is an iter-arg of an outer loop, not of the loop around its use")
# expect: unchanged
import ptorw.language as pl


@pl.program
class OuterIterArg:
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
    def main(self, z: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        buf = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (a,) in pl.range(3, init_values=(buf,)):
            for j, (c,) in pl.range(2, init_values=(z,)):
                o = pl.tensor.create([16, 32], dtype=pl.FP32)
                y = self.iterate(a, o)
                inner = pl.yield_(y)
            outer = pl.yield_(inner)
        return outer
