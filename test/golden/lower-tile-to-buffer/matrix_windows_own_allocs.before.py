# rule: Matrix storage and cube recipes: "a fractal window has no row-major byte view, so these spaces never use the UINT8[N,32] root. Addressed planners have already fixed every window, so each distinct window becomes its own buffer.alloc at its final effective address": one hand-planned Acc allocation at 8192 holding two products in two windows (offsets 0 and 4096) lowers to two typed Acc allocations at 8192 and 12288, no byte root
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class Windows:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        mem_a = pl.tile.alloc(pl.Mem.Mat, 2048, addr=0)
        mem_b = pl.tile.alloc(pl.Mem.Mat, 2048, addr=2048)
        mem_l = pl.tile.alloc(pl.Mem.Left, 2048, addr=0)
        mem_r = pl.tile.alloc(pl.Mem.Right, 2048, addr=0)
        mem_acc = pl.tile.alloc(pl.Mem.Acc, 8192, addr=8192)
        a: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_a, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_b, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_l, 0, 2048), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_r, 0, 2048), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
        p: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r)
        q: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 4096, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r)
        q2: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 4096, 4096), pl.Mem.Acc] = pl.tile.matmul_acc(q, l, r)
        first: pl.Tensor[[32, 32], pl.FP32] = pl.store(p, [0, 0], Out)
        second: pl.Tensor[[32, 32], pl.FP32] = pl.store(q2, [0, 0], Out2)
        return first, second
