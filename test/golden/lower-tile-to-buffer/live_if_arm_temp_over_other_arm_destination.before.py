# rule: Placement and API — "Addressed planners additionally check effective-range overlap" with If arms exclusive: the else arm computes through t placed at md's address (0), and md is written in that arm only by its last op; the then arm writes md, but it never runs alongside the else arm, so nothing live is overwritten and the kernel lowers (audit aud7 F3); a stays live across both arms (read again in each) at its own bytes [4096, 6144)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        md = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mt = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mu = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            p: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
            chosen = pl.yield_(p)
        else:
            t: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mt, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
            u: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mu, 0, 2048), pl.Mem.Vec] = pl.tile.add(t, a)
            c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.add(u, a)
            chosen = pl.yield_(c)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(chosen, [0, 0], Out)
        return result
