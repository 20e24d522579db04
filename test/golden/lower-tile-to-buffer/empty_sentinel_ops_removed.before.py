# rule: Runtime valid extents — "A valid extent that is not a constant (or is the lane-1 [0, 0] sentinel) makes both descriptor dimensions dynamic"; "every operation that defines such a tile first states the extents it produces with buffer.set_validshape"; "An extent may be zero: allocation metadata is updated, but load/store/arithmetic execute only when both valid extents are positive ... Constant-empty operations are removed before constructing Buffer calls": a load, muls and store over the [0, 0] sentinel become two metadata updates and no data operation (out keeps its data)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=4096)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.load(x, [0, 0], [16, 64], [0, 0])
        doubled: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.muls(loaded, 2.0)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(doubled, [0, 0], out)
        return o
