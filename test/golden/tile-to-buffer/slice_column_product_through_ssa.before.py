# rule: "Selection proves alignment from scalar SSA arithmetic": the column c * 2 with c = block * 4 is a multiple of 8 FP32 elements (32 bytes) only through the product of both factors; the kernel is selected (it used to stay Tile: each factor alone is 16 bytes)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 96])
        c = block * 4
        col = c * 2
        w = pl.tile.slice(x, [16, 32], [0, col])
        y = pl.tile.muls(w, 2.0)
        result = pl.store(y, [0, 0], Out)
        return result
