# Expected (hand-written): free values x, out in order of first use; x only read through its view
# src: In; out written through v: Out.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        self.main_incore_0(x, out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
        src = pl.slice(x, [16, 64], [0, 0])
        v = pl.slice(out, [16, 64], [16, 0])
        t = pl.load(src, [0, 0], [16, 64])
        pl.store(t, [0, 0], v)
