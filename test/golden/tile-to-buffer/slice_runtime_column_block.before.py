# rule: "Vector base addresses must be 32-byte aligned: for FP32, a column offset such as block * 8 preserves alignment. Selection proves alignment from scalar SSA arithmetic": a slice at column block * 8 of an FP32 tile is selected and becomes a subview at runtime offsets
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 96])
        col = block * 8
        w = pl.tile.slice(x, [16, 32], [0, col])
        y = pl.tile.muls(w, 2.0)
        result = pl.store(y, [0, 0], Out)
        return result
