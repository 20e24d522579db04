# rule: Recipe table row ordinary packed ND GM load/store (FP16), planner PTOAS — transfers keep the element type (no casts)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class R:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], B: pl.Tensor[[16, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        ma = pl.tile.alloc(pl.Mem.Vec, 1024)
        x: pl.Tile[[16, 32], pl.FP16, pl.MemRef(ma, 0, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP16] = pl.store(x, [0, 0], Out)
        return result
