# rule: Pattern 1 (Iter-Arg Reuse), BuildOutParamReturnMappings — the Out param's tile.store result is returned at two positions, so no single return value carries it and the pair is not merged (remark: "several return values carry it")
# expect: unchanged
import ptorw.language as pl


@pl.program
class OutReturnedTwice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r, r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            a, b = self.scale(acc, o)
            res = pl.yield_(a)
        return res
