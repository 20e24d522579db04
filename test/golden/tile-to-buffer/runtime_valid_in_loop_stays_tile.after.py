@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        for i in pl.range(2):
            o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(loaded, [0, 0], out)
        return out
