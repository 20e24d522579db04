@pl.program
class Int8Boxes:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 32], pl.INT8], B: pl.Tensor[[32, 16], pl.INT8],
               Out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:
        m0 = pl.tile.alloc(pl.Mem.Mat, 512)
        m1 = pl.tile.alloc(pl.Mem.Mat, 512)
        m2 = pl.tile.alloc(pl.Mem.Left, 512)
        m3 = pl.tile.alloc(pl.Mem.Right, 512)
        m4 = pl.tile.alloc(pl.Mem.Acc, 1024)
        a: pl.Tile[[16, 32], pl.INT8, pl.MemRef(m0, 0, 512), pl.Mem.Mat] = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b: pl.Tile[[32, 16], pl.INT8, pl.MemRef(m1, 0, 512), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 32], pl.INT8, pl.MemRef(m2, 0, 512), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 16], pl.INT8, pl.MemRef(m3, 0, 512), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
        y: pl.Tile[[16, 16], pl.INT32, pl.MemRef(m4, 0, 1024), pl.Mem.Acc] = pl.tile.matmul(l, r)
        result: pl.Tensor[[16, 16], pl.INT32] = pl.store(y, [0, 0], Out)
        return result
