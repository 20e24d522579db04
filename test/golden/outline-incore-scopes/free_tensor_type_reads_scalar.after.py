from __future__ import annotations
import ptorw.language as pl


@pl.program
class SliceValidRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m = n % 16 + 1
        s: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(valid_shape=[m, 64])] = pl.tensor.slice(x, [16, 64], [16, 0], [m, 64])
        stored = self.main_incore_0(m, s, out)
        return stored

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, m: pl.Scalar[pl.INDEX], s: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(valid_shape=[m, 64])],
                      out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(s, [0, 0], [16, 64])
        u = pl.tile.muls(t, 2.0)
        stored = pl.store(u, [0, 0], out)
        return stored
