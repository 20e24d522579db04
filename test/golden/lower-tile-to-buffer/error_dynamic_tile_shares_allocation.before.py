# rule: "Runtime valid extents": "A dynamic tile must own its allocation; it cannot share a byte-view root": a tile with a runtime valid extent and a static tile of another descriptor in one allocation are refused at the second definition, and the program stays as it was
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 13:9: error: lower-tile-to-buffer: k: tile 'half' shares an allocation with a tile of another descriptor, and one of them has runtime valid extents
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(loaded, [0, 0], out)
        half: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 32])
        o2: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(half, [0, 0], o)
        return o2
