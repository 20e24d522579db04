# rule: Matrix storage and cube recipes: "tile.move from Mat becomes buffer.copy", and buffer.copy moves the source's valid region: a Mat load of valid rows [10, 32] in a [16, 32] tile moved to Left without stating that rectangle on its result (the deduced type of tile.move is fully valid) would hand the matmul rows the copy never wrote, so the kernel is planned but stays Tile (recorded False; remark "tile.move from pl.Mem.Mat must keep the valid rectangle"); stating valid_shape on the moved tile makes it a product-shaped case (cube_product_view_*)
# opt: memory_planner=PTOAS
@pl.program
class Partial:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(A, [0, 0], [16, 32], [10, 32], target_memory=pl.Mem.Mat)
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        y = pl.tile.matmul(l, r)
        result = pl.store(y, [0, 0], Out)
        return result
