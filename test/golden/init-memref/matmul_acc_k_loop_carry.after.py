import ptorw.language as pl


@pl.program
class KLoop:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m1 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m2 = pl.tile.alloc(pl.Mem.Left, 2048)
        m3 = pl.tile.alloc(pl.Mem.Right, 2048)
        m4 = pl.tile.alloc(pl.Mem.Acc, 4096)
        m5 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m6 = pl.tile.alloc(pl.Mem.Mat, 2048)
        m7 = pl.tile.alloc(pl.Mem.Left, 2048)
        m8 = pl.tile.alloc(pl.Mem.Right, 2048)
        a0: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m0, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b0: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m1, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l0: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m2, 0, 2048), pl.Mem.Left] = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r0: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m3, 0, 2048), pl.Mem.Right] = pl.tile.move(b0, target_memory=pl.Mem.Right)
        acc0: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m4, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l0, r0)
        for k, (acc,) in pl.range(1, 4, 1, init_values=(acc0,)):
            ak: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m5, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)
            bk: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m6, 0, 2048), pl.Mem.Mat] = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            lk: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m7, 0, 2048), pl.Mem.Left] = pl.tile.move(ak, target_memory=pl.Mem.Left)
            rk: pl.Tile[[32, 32], pl.FP16, pl.MemRef(m8, 0, 2048), pl.Mem.Right] = pl.tile.move(bk, target_memory=pl.Mem.Right)
            nxt: pl.Tile[[32, 32], pl.FP32, pl.MemRef(m4, 0, 4096), pl.Mem.Acc] = pl.tile.matmul_acc(acc, lk, rk)
            acc_out = pl.yield_(nxt)
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(acc_out, [0, 0], Out)
        return result
