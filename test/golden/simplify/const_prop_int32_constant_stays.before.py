# rule: simplify — propagate_int_constants replaces only INDEX variables: a constant prints as a bare literal, which reads back as INDEX, so `k: pl.Scalar[pl.INT32] = 2147483647; r = k + 1` would print as `2147483647 + 1` and compute 2147483648 instead of wrapping
# expect: unchanged
import ptorw.language as pl


@pl.program
class Int32Constant:
    @pl.function
    def main(self, n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        k: pl.Scalar[pl.INT32] = 2147483647
        r = k + 1
        s = r + n
        return s
