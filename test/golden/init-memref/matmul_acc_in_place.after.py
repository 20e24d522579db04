import ptorw.language as pl


@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16],
               Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Mat, 8192)
        m1 = pl.tile.alloc(pl.Mem.Mat, 8192)
        m2 = pl.tile.alloc(pl.Mem.Left, 8192)
        m3 = pl.tile.alloc(pl.Mem.Right, 8192)
        m4 = pl.tile.alloc(pl.Mem.Acc, 16384)
        a_mat: pl.Tile[[64, 64], pl.FP16, pl.MemRef(m0, 0, 8192), pl.Mem.Mat] = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[64, 64], pl.FP16, pl.MemRef(m1, 0, 8192), pl.Mem.Mat] = pl.load(B, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a_l0: pl.Tile[[64, 64], pl.FP16, pl.MemRef(m2, 0, 8192), pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_l0: pl.Tile[[64, 64], pl.FP16, pl.MemRef(m3, 0, 8192), pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m4, 0, 16384), pl.Mem.Acc] = pl.tile.matmul(a_l0, b_l0)
        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m4, 0, 16384), pl.Mem.Acc] = pl.tile.matmul_acc(x, a_l0, b_l0)
        result: pl.Tensor[[64, 64], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
