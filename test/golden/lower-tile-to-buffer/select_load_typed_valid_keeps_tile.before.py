# rule: Elementwise and transfer recipes size the native op from the destination descriptor, while tile.load gives its result its valid_shape operand, else its shape (docs/semantics.md, Tiles): a load result typed with narrower valid extents than the load reads keeps the whole kernel on Tile IR, whose program loads and stores the whole 16x32 window
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: tile.load's result is typed with valid extents [8, 16] but the op gives it [16, 32]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return r
