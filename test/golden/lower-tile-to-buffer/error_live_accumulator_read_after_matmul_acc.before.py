# rule: Placement and API — "Addressed planners additionally check effective-range overlap" for in-place writes: tile.matmul_acc accumulates in place ("its accumulator and result share storage"), so q overwrites p's Acc bytes [0, 4096) while p is still to be stored; the pass fails closed (audit aud8 B2: Out received the accumulated sum instead of the single product)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 20:9: error: lower-tile-to-buffer: kernel: the destination 'q' (effective bytes [0, 4096)) of tile.matmul_acc is placed over 'p' (effective bytes [0, 4096)), which is still live (read again at line 21)
@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        mem_a = pl.tile.alloc(pl.Mem.Mat, 2048, addr=0)
        mem_b = pl.tile.alloc(pl.Mem.Mat, 2048, addr=2048)
        mem_l = pl.tile.alloc(pl.Mem.Left, 2048, addr=0)
        mem_r = pl.tile.alloc(pl.Mem.Right, 2048, addr=0)
        mem_acc = pl.tile.alloc(pl.Mem.Acc, 4096, addr=0)
        a: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_a, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_b, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_l, 0, 2048), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_r, 0, 2048), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
        p: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r)
        q: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 0, 4096), pl.Mem.Acc] = pl.tile.matmul_acc(p, l, r)
        first: pl.Tensor[[32, 32], pl.FP32] = pl.store(p, [0, 0], Out)
        second: pl.Tensor[[32, 32], pl.FP32] = pl.store(q, [0, 0], Out2)
        return first, second
