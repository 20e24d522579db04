# fuzz_diff --style text regression (generator seed 54, minimised): the tensor form of the one above,
# a multi-return call rebinding `x0` in a loop whose result is also named `x0`.
import ptorw.language as pl


@pl.program
class FuzzText:
    @pl.function(type=pl.FunctionType.InCore)
    def k_pair59(self, x: pl.Tensor[[64, 16], pl.FP32], y: pl.Tensor[[64, 16], pl.FP32], lo: pl.Out[pl.Tensor[[64, 16], pl.FP32]], hi: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> tuple[pl.Tensor[[64, 16], pl.FP32], pl.Tensor[[64, 16], pl.FP32]]:
        a60 = pl.load(x, [0, 0], [64, 16])
        b61 = pl.load(y, [0, 0], [64, 16])
        a60 = pl.tile.muls(a60, 1.5)
        lo = pl.store(a60, [0, 0], lo)
        hi = pl.store(b61, [0, 0], hi)
        return lo, hi

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[64, 16], pl.FP32], y0: pl.Tensor[[32, 16], pl.FP32], n: pl.Scalar[pl.INDEX], o0: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        for i53, (h54,) in pl.range(n, init_values=(x0,)):
            lb57 = pl.tensor.create([64, 16], dtype=pl.FP32)
            hb58 = pl.tensor.create([64, 16], dtype=pl.FP32)
            x0, o0 = self.k_pair59(x0, x0, lb57, hb58)
            x0 = pl.yield_(h54)
        return o0
