# rule: Windows: slice and assemble — a result in other storage starts as a copy of its target ("after copying the target into the result when the planner gave them different storage"); placed ([2048, 6144)) partly overlaps canvas ([0, 4096)), a copy between overlapping ranges that are not the same bytes, so the pass fails closed (audit aud9 N1)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 14:9: error: lower-tile-to-buffer: kernel: the result 'placed' (effective bytes [2048, 6144)) of tile.assemble partly overlaps its target 'canvas' (effective bytes [0, 4096))
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mc = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 4096, addr=2048)
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=16384)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mr, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, a, [0, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(placed, [0, 0], Out)
        return result
