import ptorw.language as pl


@pl.program
class ScopeValidRows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(out,)):
            stored: pl.Tensor[[16, 64], pl.FP32] = self.main_incore_0(x, i, acc)
            res = pl.yield_(stored)
        return res

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[16, 64], pl.FP32], i: pl.Scalar[pl.INDEX], acc: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[i + 1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [i + 1, 64])
        u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[i + 1, 64])] = pl.tile.adds(t, 1.0)
        stored: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u, [0, 0], acc)
        return stored
