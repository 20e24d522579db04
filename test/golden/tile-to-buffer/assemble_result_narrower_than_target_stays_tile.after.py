@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [32, 32])
        src: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.load(y, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.tile.assemble(canvas, src, [0, 0])
        o: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(placed, [0, 0], out)
        return o
