@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 6144)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 96], pl.FP32, pl.MemRef(m0, 0, 6144), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 96])
        c: pl.Scalar[pl.INDEX] = block * 2
        col: pl.Scalar[pl.INDEX] = c * 2
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 6144), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [0, col])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.muls(w, 2.0)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
