# rule: Matrix storage and cube recipes: "Their physical extents are already whole fractal boxes" — an INT8 B operand loaded into Mat as [32, 16] is not whole NZ boxes (16 x 32 INT8 elements), so it has no Buffer descriptor: the kernel is planned but stays Tile (recorded False) instead of lowering to an allocation the target cannot lay out (found by the random cube kernels of test/fuzz/gen_cube_kernel.hpp)
# opt: memory_planner=PTOAS
@pl.program
class Int8Boxes:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[16, 32], pl.INT8], B: pl.Tensor[[32, 16], pl.INT8],
               Out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:
        a = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b = pl.load(B, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        y = pl.tile.matmul(l, r)
        result = pl.store(y, [0, 0], Out)
        return result
