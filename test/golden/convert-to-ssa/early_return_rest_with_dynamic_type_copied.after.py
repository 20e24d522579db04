import ptorw.language as pl


@pl.program
class DynamicRest:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y0: pl.Scalar[pl.INDEX] = n + 1
        if n > 3:
            if n > 5:
                y1: pl.Scalar[pl.INDEX] = y0 + 2
                k1: pl.Scalar[pl.INDEX] = y1 % 16 + 1
                t1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k1, 64])
                u1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k1, 64])] = pl.tile.adds(t1, 1.0)
                o1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u1, [0, 0], out)
                return o1
            else:
                return out
        else:
            y2: pl.Scalar[pl.INDEX] = y0 - 1
            k2: pl.Scalar[pl.INDEX] = y2 % 16 + 1
            t2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k2, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k2, 64])
            u2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k2, 64])] = pl.tile.adds(t2, 1.0)
            o2: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u2, [0, 0], out)
            return o2
