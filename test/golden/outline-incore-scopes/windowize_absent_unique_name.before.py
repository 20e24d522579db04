# rule: outline-incore-scopes — without windowize the outlined function has no windowize attr; without name_hint it gets a unique name <caller>_incore_<k>, here main_incore_1 because main_incore_0 is already taken; two escaping values are returned and unpacked at the call; o is read and written inside, so it is InOut
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 32])
            old = pl.load(o, [0, 0], [16, 32])
            s = pl.tile.add(t, old)
            r = pl.store(s, [0, 0], o)
        return r, s
