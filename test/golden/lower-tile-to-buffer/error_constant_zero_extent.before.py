# rule: Runtime-valid default selection — a constant zero valid extent other than the [0, 0] sentinel has no Buffer descriptor (the spec makes only the sentinel dynamic, and removes constant-empty operations before constructing Buffer calls): explicit conversion fails closed, naming the tile, instead of writing buffer.load over an empty window
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'loaded' has a constant zero valid extent
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=4096)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, 0])] = pl.tile.load(x, [0, 0], [16, 64], [16, 0])
        doubled: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, 0])] = pl.tile.muls(loaded, 2.0)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(doubled, [0, 0], out)
        return o
