# rule: outline-incore-scopes — a tensor written by a store nested in a load, and read back by that load, is InOut: pl.load(pl.store(t, [0, 0], o), ...) writes o and reads it (before the 40th session the nested store was not followed and o stayed In: the pass's output failed the verifier)
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], p: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="round_trip"):
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.load(pl.store(t, [0, 0], o), [0, 0], [16, 32])
            r = pl.store(u, [0, 0], p)
        return r
