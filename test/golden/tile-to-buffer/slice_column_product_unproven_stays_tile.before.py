# rule: "Selection proves alignment from scalar SSA arithmetic ... Unproven alignment retains Tile IR": the column (block * 2) * 2 is a multiple of 4 FP32 elements, 16 bytes, so the kernel stays Tile (the product of the factors is 4, not 8)
# opt: memory_planner=PTOAS
# expect-remark: column offset is not proven 32-byte aligned
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 96])
        c = block * 2
        col = c * 2
        w = pl.tile.slice(x, [16, 32], [0, col])
        y = pl.tile.muls(w, 2.0)
        result = pl.store(y, [0, 0], Out)
        return result
