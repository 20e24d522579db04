# Expected (hand-written from the issue).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec]]:
        s, r = self.main_incore_1(x, o)
        return r, s

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_1(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]
                      ) -> tuple[pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        old = pl.load(o, [0, 0], [16, 32])
        s = pl.tile.add(t, old)
        r = pl.store(s, [0, 0], o)
        return s, r
