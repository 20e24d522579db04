# rule: Windows: slice and assemble — "BufferIR proves each window disjoint from the destinations written while it is read ... lowering fails closed instead of guessing": exp reads the static window rows 16..31 of x (bytes [2048, 4096) with x's row pitch) and writes y over bytes [1024, 3072) of the same allocation, a partial overlap
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: the destination 'y' (effective bytes [1024, 3072)) of tile.exp may overlap the window 'w' (effective bytes [2048, 4096))
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [16, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 1024, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
