# rule: Planned storage views — the rule against boxed views keeps dense Vec tiles: two members of one allocation whose TileViews spell the implicit dense Vec layout (row_major, none_box) still lower to one UINT8 root with a subview and a typed reshape per member, under explicit conversion and selection alike
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.exp(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
