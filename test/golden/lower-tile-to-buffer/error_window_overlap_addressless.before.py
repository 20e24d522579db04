# rule: Windows: slice and assemble — "BufferIR proves each window disjoint from the destinations written while it is read" under an addressless planner (PTOAS) too: within one allocation the window rows 8..23 of x (bytes [1024, 3072) with x's row pitch) and the exp destination y at bytes [2048, 4096) overlap, so explicit conversion fails closed (distinct addressless allocations never alias; one allocation is compared by offsets)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: the destination 'y' (bytes [2048, 4096) of 'mem') of tile.exp may overlap the window 'w' (bytes [1024, 3072) of 'mem')
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [8, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
