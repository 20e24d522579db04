# rule: Placement and API — "Addressed planners additionally check effective-range overlap" / "Independent allocations may still reuse physical addresses after their lifetimes end": a (m0 at 0) is read last by b = exp(a) (m1, also at 0), and b last by c = exp(b) back in m0; every write meets only the value its own op reads for the last time (an exact in-place write), so nothing live is overwritten and the kernel lowers (an allocation-wide check refused it: audit aud7 F4)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.exp(b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
