# rule: Placement and API — "Addressed planners additionally check effective-range overlap" across a loop's backedge: acc is carried in mc (0); each iteration reads it last in t = exp(acc), with t placed in mt over mc (an exact in-place write), and writes the next acc from t into mc; x (mx, 4096) is read in every iteration and nothing is placed over it, so the kernel lowers (an allocation-wide check refused it: audit aud7 F4c)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        mc = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mt = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        a0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mc, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            t: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mt, 0, 2048), pl.Mem.Vec] = pl.tile.exp(acc)
            acc2: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mc, 0, 2048), pl.Mem.Vec] = pl.tile.add(t, x)
            r = pl.yield_(acc2)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
