# rule: Matrix storage: "Their physical extents are already whole fractal boxes": an INT8 [32, 16] Mat tile against NZ boxes of 16 x 32 elements has no planned form, so InitMemRef refuses it and the kernel keeps its unplanned Tile form (before: it was planned, the planned program could not run in the interpreter — diffcheck said the pass changed the result — and the Tile-stage emitter wrote that invalid descriptor); the first refusal is the one recorded
# expect-warning: warning: InitMemRef: tile 'a' has physical extents that are not whole fractal boxes of its layout (16 x 32 elements) (kernel 'kernel' keeps its unplanned Tile form)
# expect-warning: cube_int8_not_whole_boxes_stays_tile.before.py:12:9: warning: InitMemRef: tile 'l' has physical extents that are not whole fractal boxes of its layout (16 x 32 elements) (kernel 'kernel' keeps its unplanned Tile form)
# expect-warning: cube_int8_not_whole_boxes_stays_tile.before.py:13:9: warning: InitMemRef: tile 'r' has physical extents that are not whole fractal boxes of its layout (32 x 16 elements) (kernel 'kernel' keeps its unplanned Tile form)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 16], pl.INT8], B: pl.Tensor[[16, 32], pl.INT8],
               Out: pl.Out[pl.Tensor[[32, 32], pl.INT32]]) -> pl.Tensor[[32, 32], pl.INT32]:
        a = pl.load(A, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
        b = pl.load(B, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        acc = pl.tile.matmul(l, r)
        o1 = pl.store(acc, [0, 0], Out)
        return o1
