# rule: Windows: slice and assemble — "An overlapping source is preserved by an explicit copy of its full typed parent before planning": written in place, mid (canvas rows 8..23, [1024, 3072)) is copied into rows 16..31 ([2048, 4096)), which it overlaps without being them; no snapshot was planned, so the pass fails closed (audit aud9 N3)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 12:9: error: lower-tile-to-buffer: kernel: the source 'mid' (effective bytes [1024, 3072)) of tile.assemble overlaps the window of 'placed' (effective bytes [2048, 4096)) it is copied into without being exactly it
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mc = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        mid: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.tile.slice(canvas, [16, 32], [8, 0])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, mid, [16, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(placed, [0, 0], Out)
        return result
