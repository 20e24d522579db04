# rule: Runtime-valid default selection — "A current version may have several consumers": explicit conversion of y = set_validshape(x, 16, c) read through y (twice: exp and the store of its result) is the metadata update of the shared handle followed by guarded operations ("load/store/arithmetic execute only when both valid extents are positive")
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, c])] = pl.tile.set_validshape(x, 16, c)
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, c])] = pl.tile.exp(y)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(z, [0, 0], out)
        return o
