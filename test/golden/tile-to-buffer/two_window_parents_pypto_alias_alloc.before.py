# rule: "for other shared addressed storage, a window parent gets an alias allocation at its planned address": the same two differently typed window parents of one storage under PYPTO are selected (the stays-Tile rule is PTOAS's: ptoas_two_window_parents_stays_tile); y gets an alias buffer.alloc at x's address
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w1 = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.reshape(x, [32, 32])
        w2 = pl.tile.slice(y, [16, 32], [16, 0])
        s1 = pl.tile.exp(w1)
        s2 = pl.tile.exp(w2)
        o = pl.tile.store(s1, [0, 0], out)
        o2 = pl.tile.store(s2, [0, 0], out2)
        return o, o2
