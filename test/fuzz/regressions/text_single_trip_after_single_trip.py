# fuzz_diff --style text regression (generator seed 710, minimised by hand): simplify removed a
# single-trip loop whose result initialises a later loop's iter arg, then a single-trip loop inside
# that loop: its use of the re-created iter arg pointed at the old node (use_subst.hpp followed one
# step of the substitution), an undefined variable in the output.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[64, 32], pl.FP32], y0: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i in pl.range(1):
            if c:
                y0 = pl.tensor.slice(x0, [16, 32], [32, 0])
        for j in pl.range(3):
            for q in pl.range(1):
                nb = pl.tensor.create([16, 32], dtype=pl.FP32)
                y0 = self.k(y0, nb)
        return x0
