# Expected (hand-written): o is read (pl.load) and written (the store statement): InOut.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        self.main_incore_0(x, o)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 32])
        old = pl.load(o, [0, 0], [16, 32])
        pl.store(pl.tile.add(t, old), [0, 0], o)
