@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[256, 32], pl.FP32], u: pl.Scalar[pl.UINT8], Out: pl.Out[pl.Tensor[[256, 32], pl.FP32]]) -> pl.Tensor[[256, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        v: pl.Scalar[pl.UINT8] = u + u
        row: pl.Scalar[pl.INDEX] = pl.cast(v, target_type=pl.INDEX)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [row, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
        r: pl.Tensor[[256, 32], pl.FP32] = pl.store(y, [row, 0], Out)
        return r
