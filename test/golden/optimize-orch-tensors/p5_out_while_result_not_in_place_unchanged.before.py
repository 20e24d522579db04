# rule: Pattern 5 Solution — the loop's visible init replaces a loop-return alias as an Out window's slice parent only where it is the same tensor: here the While loop yields a (not its iter-arg), so res is a, never p; slicing p would make the windowed call write p while the result is assembled into a, so the call stays full (fail closed; audit 2026-12-06 F1)
# expect: unchanged
# expect-remark: the Out argument res is a loop result not proven to be written in place into its init
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[128, 32], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 32], pl.FP32], a: pl.Tensor[[128, 32], pl.FP32],
             p: pl.Tensor[[128, 32], pl.FP32]) -> tuple[pl.Tensor[[128, 32], pl.FP32], pl.Tensor[[128, 32], pl.FP32]]:
        for (acc, n) in pl.while_(init_values=(p, 0)):
            pl.cond(n < 2)
            n2 = n + 1
            res, nf = pl.yield_(a, n2)
        last = self.scale(x, 16, res)
        return last, p
