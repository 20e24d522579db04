@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 32], pad=pl.PadValue.zero)] = pl.tile.load(a, [0, 0], [32, 32], [8, 32])
        y: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.set_validshape(x, 32, 32)
        r: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(y, [0, 0], out)
        return r
