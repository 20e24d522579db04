# rule: Placement and API — "Addressed planners additionally check effective-range overlap" across a loop's backedge: x is loaded once before the loop (mx, effective bytes [0, 2048)) and read in every iteration; z is loaded into mz, also at 0, after x's read in the body — x is live across that write because the next iteration reads it again, so the pass fails closed (the second iteration would read z's bytes as x)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 16:13: error: lower-tile-to-buffer: kernel: the destination 'z' (effective bytes [0, 2048)) of tile.load is placed over 'x' (effective bytes [0, 2048)), which is still live
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        my = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        mz = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i, (o,) in pl.range(4, init_values=(Out,)):
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(my, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
            z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mz, 0, 2048), pl.Mem.Vec] = pl.load(B, [i * 16, 0], [16, 32])
            w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(my, 0, 2048), pl.Mem.Vec] = pl.tile.add(y, z)
            o2: pl.Tensor[[64, 32], pl.FP32] = pl.store(w, [i * 16, 0], o)
            r = pl.yield_(o2)
        return r
