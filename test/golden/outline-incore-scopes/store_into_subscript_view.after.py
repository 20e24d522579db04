# Expected (hand-written): free values a, out; out written through its [16:32, :] window: Out.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        self.main_incore_0(a, out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
        t = pl.load(a, [0, 0], [16, 64])
        pl.store(t, [0, 0], pl.tensor.slice(out, [16, 64], [16, 0]))
