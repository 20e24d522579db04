# rule: "tile.move ... Vec to Vec" copies between equal Vec descriptors; a move gives its result the source's valid region (docs/semantics.md: "the same value in another memory space"): a result typed narrower than the fully valid source keeps Tile IR (buffer.copy would move only the typed 8x16 region)
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: tile.move's result is typed with valid extents [8, 16] but the op gives it [16, 32]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
