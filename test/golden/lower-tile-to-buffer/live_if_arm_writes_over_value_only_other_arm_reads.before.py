# rule: Placement and API — "Addressed planners additionally check effective-range overlap" with If arms exclusive: a (ma, effective bytes [0, 2048)) is read only in the then arm; the else arm loads b into mb at the same bytes, which is no clobber because the then arm never runs after it and a is not read after the If, so the kernel lowers (a liveness that let one arm see the other's reads would refuse it)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        md = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
            chosen = pl.yield_(c)
        else:
            b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
            p: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.exp(b)
            chosen = pl.yield_(p)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(chosen, [0, 0], Out)
        return result
