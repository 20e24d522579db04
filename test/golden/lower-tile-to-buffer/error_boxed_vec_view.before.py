# rule: Planned storage views — "Boxed views and mutable view metadata remain unsupported at the allocation": two Vec members of one allocation, one boxed (NZ), would need a byte root relabelled to a boxed layout; explicit conversion fails closed, naming the tile, instead of writing that relabel
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'x' has a boxed or non-row-major pl.Mem.Vec layout: boxed views remain unsupported at the allocation
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=512)] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec] = pl.tile.exp(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
