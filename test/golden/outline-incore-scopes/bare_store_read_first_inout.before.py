# rule: outline-incore-scopes — "... is Out, or InOut when the scope also reads it otherwise": a store statement into `o` after a load of `o` makes `o` InOut (the bare-store twin of windowize_absent_unique_name)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 32])
            old = pl.load(o, [0, 0], [16, 32])
            pl.store(pl.tile.add(t, old), [0, 0], o)
        return o
