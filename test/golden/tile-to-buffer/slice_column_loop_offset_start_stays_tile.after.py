@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 256], pl.FP32], out: pl.Out[pl.Tensor[[16, 256], pl.FP32]]) -> pl.Tensor[[16, 256], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 16384)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 256], pl.FP32, pl.MemRef(m0, 0, 16384), pl.Mem.Vec] = pl.load(a, [0, 0], [16, 256])
        for j, (o,) in pl.range(4, 228, 32, init_values=(out,)):
            w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 16384), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [0, j])
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
            o2: pl.Tensor[[16, 256], pl.FP32] = pl.store(y, [0, j], o)
            r = pl.yield_(o2)
        return r
