# rule: outline-incore-scopes — a tensor written by tile.store through values carrying it (store results) is Out, or InOut when the scope also reads it otherwise: here the scope stores into o, then loads back from the store result r, so o is read and is InOut
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy_twice"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], o)
            back = pl.load(r, [0, 0], [16, 32])
            r2 = pl.store(back, [16, 0], r)
        return r2
