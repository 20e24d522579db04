# fuzz_diff --style text regression (generator seed 78, minimised): simplify inlined a dead single-trip
# loop that was an If arm's only statement; the arm became an empty nested sequence, printed as no
# statement at all (`if flag or flag:` followed by `return`), text that does not parse.
import ptorw.language as pl


@pl.program
class FuzzText:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[32, 16], pl.FP32], y0: pl.Tensor[[16, 16], pl.FP32], x1: pl.Tensor[[32, 16], pl.FP32], n: pl.Scalar[pl.INDEX], flag: pl.Scalar[pl.BOOL], o0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        buf0 = pl.tensor.create([32, 16], dtype=pl.FP32)
        if flag or flag:
            for i7 in pl.range(1):
                flag = not flag
        return buf0
