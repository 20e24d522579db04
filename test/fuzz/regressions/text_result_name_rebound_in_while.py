# fuzz_diff --style text regression (generator seed 233, minimised): convert-to-ssa did not carry a
# name that the loop body rebinds when the loop's result has the same name (`k0 = k0 * 2 - n` ...
# `k0 = pl.yield_(k0)`): each iteration read the value from before the loop (ssa_liveness.hpp).
import ptorw.language as pl


@pl.program
class FuzzText:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[128, 32], pl.INT32], y0: pl.Tensor[[32, 32], pl.INT32], n: pl.Scalar[pl.INDEX], flag: pl.Scalar[pl.BOOL]) -> tuple[pl.Tensor[[128, 32], pl.INT32], pl.Scalar[pl.INDEX]]:
        if n > 0:
            k0 = 64
        else:
            k0 = 0
        k1 = 0
        for (h2,) in pl.while_(init_values=(k0,)):
            pl.cond(k1 < 2)
            k0 = k0 * 2 - n
            k1 = k1 + 1
            k0 = pl.yield_(k0)
        buf29 = pl.tensor.create([128, 32], dtype=pl.INT32)
        return buf29, k0
