# rule: Recipe table row ordinary packed ND GM load/store (FP32), planner PTOAS — transfers keep the element type (no casts)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class R:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
