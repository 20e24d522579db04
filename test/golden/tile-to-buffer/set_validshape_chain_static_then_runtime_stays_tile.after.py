@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.tile.set_validshape(x, 16, 32)
        w: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.set_validshape(y, 16, cols)
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.add(w, w)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(z, [0, 0], out)
        return o
