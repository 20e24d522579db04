# rule: Placement and API — "Addressed planners additionally check effective-range overlap" / "Independent allocations may still reuse physical addresses after their lifetimes end": m1 = bytes [1024, 3072) overlaps m0 = bytes [0, 2048), but b is loaded into m1 only after a's last read (tile.exp), so the two allocations are never live at once and the kernel lowers, keeping the hand-written addresses
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=1024)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        m3 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        t: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m3, 0, 2048), pl.Mem.Vec] = pl.tile.add(t, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
