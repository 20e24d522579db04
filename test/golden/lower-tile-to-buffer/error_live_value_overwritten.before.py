# rule: Placement and API — "The pass rechecks storage closure even when automatic verification is disabled. Addressed planners additionally check effective-range overlap": a is in m0 = effective bytes [0, 2048) and b is loaded into m1 = [1024, 3072) while a is still to be read by tile.add (a is live across b's write, not read by it), so the pass fails closed at b instead of lowering a program that adds clobbered bytes (audit aud6 F1)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 14:9: error: lower-tile-to-buffer: kernel: the destination 'b' (effective bytes [1024, 3072)) of tile.load is placed over 'a' (effective bytes [0, 2048)), which is still live (read again at line 15)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=1024)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
