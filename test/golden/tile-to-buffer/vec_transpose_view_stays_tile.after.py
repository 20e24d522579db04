@pl.program
class VecT:
    @pl.function(type=pl.FunctionType.AIV, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        t: pl.Tile[[32, 16], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.transpose_view(a)
        result: pl.Tensor[[32, 16], pl.FP32] = pl.store(t, [0, 0], Out)
        return result
