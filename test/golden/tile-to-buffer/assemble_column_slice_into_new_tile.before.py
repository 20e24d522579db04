# rule: "Windows: slice and assemble" — "a column slice assembled into a new tile" (the spec's runtime case): the slice keeps x's 256-byte row pitch, which matches the target's ("Vec assemble requires a non-window target and matching source/target row pitches"); canvas is not read after the assemble, so placed takes its storage over ("tile.assemble writes in place") and the source is copied into the window of canvas at (0, 0)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        canvas = pl.load(B, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        placed = pl.tile.assemble(canvas, w, [0, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
