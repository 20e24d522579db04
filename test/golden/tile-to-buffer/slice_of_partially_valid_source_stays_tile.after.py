@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.load(a, [0, 0], [16, 64], [8, 64])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [0, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], out)
        return o
