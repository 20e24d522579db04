# rule: Pattern 1 (Iter-Arg Reuse), standalone form (issue 3), in the then arm of an If — the callee fully loads In x, carries the tile through a loop and stores it to Out of identical type; the call sits in the then arm with a fresh tensor.create of the same arm, and its In argument is main's In param a (main is not called, the call runs at most once and a has no other use), so out merges into x (promoted to InOut) and the tensor.create disappears
import ptorw.language as pl


@pl.program
class P1IfThen:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.Tensor[[32, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (c,) in pl.range(4, init_values=(t,)):
            h = pl.tile.muls(c, 0.5)
            c2 = pl.tile.adds(h, 1.0)
            cr = pl.yield_(c2)
        r = pl.store(cr, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[32, 32], pl.FP32]:
        if flag:
            o = pl.tensor.create([32, 32], dtype=pl.FP32)
            y = self.iterate(a, o)
            res = pl.yield_(y)
        else:
            res = pl.yield_(b)
        return res
