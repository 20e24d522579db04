# Input of cli_text_between_steps_test.sh (no expected output: the check is that `default` in one
# process equals its steps through text). A two-Out windowize kernel called in a loop with a nested
# slice argument and its two results unpacked: flatten-call-expr puts the slice before the call in a
# nested statement list, and Pattern 5 must still see the unpacking right after the call
# (re-audit 2026-12-05 G3).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def two(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
            o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
            ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 64])
        r1 = pl.store(pl.add(pl.mul(t, t), t), [row, 0], o1)
        r2 = pl.store(pl.sub(pl.muls(t, 3.0), t), [row, 0], o2)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
             o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        for i in pl.range(4):
            o1, o2 = self.two(pl.slice(x, [16, 64], [i * 16, 0]), i * 16, o1, o2)
        return o1, o2
