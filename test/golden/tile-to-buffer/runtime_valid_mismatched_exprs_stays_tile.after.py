@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m2 = pl.tile.alloc(pl.Mem.Vec, 4096)
        a: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        b: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, n])] = pl.tile.load(x, [0, 0], [16, 64], [16, n])
        c: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m2, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.add(a, b)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(c, [0, 0], out)
        return o
