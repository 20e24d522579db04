import ptorw.language as pl


@pl.program
class TailRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for i, (o1,) in pl.range(2, init_values=(out,)):
            s1: pl.Tensor[[16, 64], pl.FP32] = self.main_incore_0(x, i, o1)
            r1 = pl.yield_(s1)
        for j, (o2,) in pl.range(3, init_values=(r1,)):
            s2: pl.Tensor[[16, 64], pl.FP32] = self.main_incore_1(x, j, o2)
            r2 = pl.yield_(s2)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[16, 64], pl.FP32], i: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[i + 1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [i + 1, 64])
        u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[i + 1, 64])] = pl.tile.adds(t, 1.0)
        stored: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u, [0, 0], out)
        return stored

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_1(self, x: pl.Tensor[[16, 64], pl.FP32], j: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[j + 2, 64])] = pl.tile.load(x, [0, 0], [16, 64], [j + 2, 64])
        u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[j + 2, 64])] = pl.tile.muls(t, 2.0)
        stored: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u, [0, 0], out)
        return stored
