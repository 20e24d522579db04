# rule: Runtime-valid default selection — "load/store/arithmetic execute only when both valid extents are positive" and "Constant-empty operations are removed": only the [0, 0] sentinel is runtime metadata ("A valid extent that is not a constant (or is the lane-1 [0, 0] sentinel) makes both descriptor dimensions dynamic"); a load with the constant valid extents [16, 0] would need a static empty descriptor, which the spec defines nowhere, so the kernel stays on Tile IR (fail closed) instead of loading an empty window
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: tile 'loaded' has a constant zero valid extent
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
