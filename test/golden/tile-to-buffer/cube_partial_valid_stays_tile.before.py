# rule: Matrix storage and cube recipes: "Wider Acc valid regions use a product-shaped descriptor over the same storage" has no recipe yet, so a cube kernel with a partially valid matrix tile (a Mat load of valid rows [10, 32] in a [16, 32] tile) is planned but stays Tile (recorded False) instead of lowering a product that reads rows outside the valid rectangle
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
