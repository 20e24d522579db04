@pl.program
class Partial:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Mat, 1024)
        m1 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m2 = pl.tile.alloc(pl.Mem.Left, 1024)
        m3 = pl.tile.alloc(pl.Mem.Right, 2048)
        m4 = pl.tile.alloc(pl.Mem.Acc, 2048)
        a: pl.Tile[[16, 32], pl.FP16, pl.MemRef(m0, 0, 1024), pl.Mem.Mat, pl.TileView(valid_shape=[10, 32])] = pl.load(A, [0, 0], [16, 32], [10, 32], target_memory=pl.Mem.Mat)
        b: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m1, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 32], pl.FP16, pl.MemRef(m2, 0, 1024), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m3, 0, 2048), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m4, 0, 2048), pl.Mem.Acc] = pl.tile.matmul(l, r)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
