# rule: Matrix storage and cube recipes: "tile.transpose_view needs no call" because it relabels fractal boxes of a matrix tile; a row-major pl.Mem.Vec tile has no boxes, so its transpose would move data and has no Buffer recipe: the kernel is planned but stays Tile (recorded False)
# opt: memory_planner=PTOAS
@pl.program
class VecT:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        a = pl.load(A, [0, 0], [16, 32])
        t = pl.tile.transpose_view(a)
        result = pl.store(t, [0, 0], Out)
        return result
