# rule: Runtime-valid default selection — "A forward SSA analysis rejects uses of old metadata versions after a setter": y = set_validshape(x, 16, c) updates the handle x and y share, so exp(x) afterwards would read y's extents; explicit conversion (without selection) fails closed naming x instead of lowering the stale read
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'x' is read after tile.set_validshape gave its storage new valid extents
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, c])] = pl.tile.set_validshape(x, 16, c)
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem1, 0, 4096), pl.Mem.Vec] = pl.tile.exp(x)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(z, [0, 0], out)
        return o
