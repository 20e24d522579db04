import ptorw.language as pl


@pl.program
class DynamicRestLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y0: pl.Scalar[pl.INDEX] = n + 1
        if n > 3:
            if n > 5:
                y1: pl.Scalar[pl.INDEX] = y0 + 2
                for j, (ya, oa) in pl.range(2, init_values=(y1, out)):
                    ta: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[j + 1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [j + 1, 64])
                    yb: pl.Scalar[pl.INDEX] = ya + 1
                    ua: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[j + 1, 64])] = pl.tile.adds(ta, 1.0)
                    ob: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(ua, [0, 0], oa)
                    yc, oc = pl.yield_(yb, ob)
                return oc
            else:
                return out
        else:
            y2: pl.Scalar[pl.INDEX] = y0 - 1
            for jj, (yd, od) in pl.range(2, init_values=(y2, out)):
                tb: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[jj + 1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [jj + 1, 64])
                ye: pl.Scalar[pl.INDEX] = yd + 1
                ub: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[jj + 1, 64])] = pl.tile.adds(tb, 1.0)
                oe: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(ub, [0, 0], od)
                yf, of = pl.yield_(ye, oe)
            return of
