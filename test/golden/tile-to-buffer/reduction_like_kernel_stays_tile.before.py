# rule: Default / True: "load -> reduction -> store => Tile (whole kernel)": a kernel with an op outside the recipe table is planned (allocations + MemRefs) but stays Tile, its decision recorded False
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        y = pl.tile.rsqrt(x)
        result = pl.store(y, [0, 0], Out)
        return result
