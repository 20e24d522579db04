# rule: Windows: slice and assemble — "an exact self-write ... need[s] no snapshot" and Placement and API's effective-range overlap: placed = assemble(canvas, bottom, [16, 0]) writes bottom (canvas rows 16..31) onto exactly its own bytes, so nothing is written and canvas, read again by the add, is intact; the kernel lowers with no copy (audit aud9 H1: the first per-value check refused it)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mc = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        ms = pl.tile.alloc(pl.Mem.Vec, 4096, addr=8192)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        bottom: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.tile.slice(canvas, [16, 32], [16, 0])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, bottom, [16, 0])
        s: pl.Tile[[32, 32], pl.FP32, pl.MemRef(ms, 0, 4096), pl.Mem.Vec] = pl.tile.add(placed, canvas)
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(s, [0, 0], Out)
        return result
