# rule: "Constant valid extents must be positive and fit the window ... Zero-valid slice and assemble windows are rejected": a slice with valid extents [0, 32] keeps the kernel on Tile IR (planned, decision False)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32], [0, 32])
        y = pl.tile.add(w, w)
        result = pl.store(y, [0, 0], Out)
        return result
