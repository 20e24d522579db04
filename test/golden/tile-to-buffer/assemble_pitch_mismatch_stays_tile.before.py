# rule: "Vec assemble requires ... matching source/target row pitches"; "assemble with incompatible pitches ... remain[s] Tile in the normal pipeline": d is a dense [16, 32] tile (128-byte rows) and canvas has 256-byte rows, so the kernel is planned (the assemble in place into canvas) but stays Tile, its decision recorded False
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        canvas = pl.load(B, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        d = pl.tile.add(w, w)
        placed = pl.tile.assemble(canvas, d, [0, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
