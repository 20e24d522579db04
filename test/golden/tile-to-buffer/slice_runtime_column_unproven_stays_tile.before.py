# rule: "Unproven alignment retains Tile IR": the same kernel as slice_runtime_column_block with column block * 4 (16 bytes per step for FP32) stays Tile
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 96])
        col = block * 4
        w = pl.tile.slice(x, [16, 32], [0, col])
        y = pl.tile.muls(w, 2.0)
        result = pl.store(y, [0, 0], Out)
        return result
