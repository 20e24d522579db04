@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], C: pl.Tensor[[32, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        m0 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m1 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m2 = pl.tile.alloc(pl.Mem.Left, 2048)
        m3 = pl.tile.alloc(pl.Mem.Right, 2048)
        m4 = pl.tile.alloc(pl.Mem.Acc, 4096)
        m5 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m6 = pl.tile.alloc(pl.Mem.Vec, 4096)
        a_mat: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m0, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m1, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m2, 0, 2048), pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m3, 0, 2048), pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m4, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r)
        first: pl.Tensor[[32, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        c: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m5, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        d: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m6, 0, 4096), pl.Mem.Vec] = pl.tile.add(c, c)
        second: pl.Tensor[[32, 32], pl.FP32] = pl.store(d, [0, 0], Out2)
        return first, second
