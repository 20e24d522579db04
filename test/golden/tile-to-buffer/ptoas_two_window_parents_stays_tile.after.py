@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        w1: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [0, 32])
        y: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.reshape(x, [32, 32])
        w2: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(y, [16, 32], [16, 0])
        s1: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w1)
        s2: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w2)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(s1, [0, 0], out)
        o2: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(s2, [0, 0], out2)
        return o, o2
