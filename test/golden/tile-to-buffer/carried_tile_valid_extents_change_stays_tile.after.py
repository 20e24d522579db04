@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        t0: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[4, 64])] = pl.tile.load(x, [0, 0], [16, 64], [4, 64])
        for i, (t, o) in pl.range(3, init_values=(t0, out)):
            o1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(t, [0, 0], o)
            t1: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.load(x, [0, 0], [16, 64], [8, 64])
            tr, orr = pl.yield_(t1, o1)
        return orr
