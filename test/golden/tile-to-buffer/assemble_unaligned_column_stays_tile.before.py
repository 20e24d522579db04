# rule: "Vector base addresses must be 32-byte aligned ... Selection proves alignment ... for every slice and assemble destination ... Unproven alignment retains Tile IR": the window at column 4 of canvas starts 16 bytes into a row, so the kernel stays Tile (planned, decision False); the pitches match (both 256-byte rows)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        canvas = pl.load(B, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        placed = pl.tile.assemble(canvas, w, [0, 4])
        result = pl.store(placed, [0, 0], Out)
        return result
