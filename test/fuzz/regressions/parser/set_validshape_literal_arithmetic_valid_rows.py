@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.set_validshape(x, 1 // 6, 64)
        w = pl.tile.set_validshape(x, 2 * 4, 64 - 32)
        v = pl.tile.set_validshape(x, 16, 3-12)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
