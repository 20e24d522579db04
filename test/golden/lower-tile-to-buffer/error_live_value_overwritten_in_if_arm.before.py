# rule: Placement and API — "Addressed planners additionally check effective-range overlap" inside an If arm: a (ma, effective bytes [0, 2048)) is read after the If, and the then arm writes t into mt, also at 0, so a is live across that write and the pass fails closed; the else arm alone would lower (If arms are exclusive, but what is live after the If is live in both)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 16:13: error: lower-tile-to-buffer: kernel: the destination 't' (effective bytes [0, 2048)) of tile.load is placed over 'a' (effective bytes [0, 2048)), which is still live (read again at line 22)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mt = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        md = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            t: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mt, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
            p: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.exp(t)
            chosen = pl.yield_(p)
        else:
            q: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
            chosen = pl.yield_(q)
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.add(chosen, a)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
