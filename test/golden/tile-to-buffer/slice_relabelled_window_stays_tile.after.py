@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m1 = pl.tile.alloc(pl.Mem.Vec, 512)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        w: pl.Tile[[8, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.slice(x, [8, 32], [8, 0])
        r: pl.Tile[[16, 16], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(w, [16, 16])
        v: pl.Tile[[8, 16], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.slice(r, [8, 16], [8, 0])
        y: pl.Tile[[8, 16], pl.FP32, pl.MemRef(m1, 0, 512), pl.Mem.Vec] = pl.tile.exp(v)
        result: pl.Tensor[[8, 16], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
