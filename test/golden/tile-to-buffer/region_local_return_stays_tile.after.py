@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            r1: pl.Tensor[[16, 32], pl.FP32] = pl.store(a, [0, 0], Out)
            return r1
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
        r2: pl.Tensor[[16, 32], pl.FP32] = pl.store(b, [0, 0], Out)
        return r2
