# rule: Pattern 1 (Iter-Arg Reuse), standalone form (issue 3) — outside loops: the callee fully loads In x (offset 0, full shape), carries the tile through a loop and stores it to Out of identical type; the only call site passes a fresh tensor.create and main's In param a is used nowhere else, so out merges into x
import ptorw.language as pl


@pl.program
class StandaloneForm:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[32, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (acc,) in pl.range(4, init_values=(t,)):
            h = pl.tile.muls(acc, 0.5)
            acc2 = pl.tile.adds(h, 1.0)
            res = pl.yield_(acc2)
        r = pl.store(res, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        o = pl.tensor.create([32, 32], dtype=pl.FP32)
        y = self.iterate(a, o)
        return y
