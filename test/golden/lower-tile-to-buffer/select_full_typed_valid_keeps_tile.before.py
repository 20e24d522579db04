# rule: "fill shape/dtype select the destination descriptor"; tile.full gives a fully valid tile (docs/semantics.md, Tiles): a fill typed with narrower valid extents keeps Tile IR (buffer.full would fill and the store write only 8x16)
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: tile.full's result is typed with valid extents [8, 16] but the op gives it [16, 32]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.tile.full([16, 32], 1.0, dtype=pl.FP32)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return r
