# rule: Placement and API — "Addressed planners additionally check effective-range overlap", checked per value: y is placed at effective bytes [0, 2048), x's rows 0..15, which are dead once the window w (rows 16..31, bytes [2048, 4096) with x's inherited row pitch) is cut; w is read again after y is written (tile.add), but its exact span never meets y's, so the kernel lowers (an allocation-wide check refused it: audit aud7 F2)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem3 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [16, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem3, 0, 2048), pl.Mem.Vec] = pl.tile.add(y, w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(z, [0, 0], Out)
        return r
