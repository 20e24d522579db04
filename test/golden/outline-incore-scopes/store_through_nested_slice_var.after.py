# Expected (hand-written): free values out, x in order of first use; out written through v: Out.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.main_incore_0(out, x)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], x: pl.Tensor[[16, 64], pl.FP32]):
        v = pl.slice(pl.slice(out, [32, 64], [32, 0]), [16, 64], [16, 0])
        t = pl.load(x, [0, 0], [16, 64])
        pl.store(t, [0, 0], v)
