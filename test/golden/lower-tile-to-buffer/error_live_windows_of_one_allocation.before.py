# rule: Placement and API — "Addressed planners additionally check effective-range overlap" within one allocation: a (offset 0) and b (offset 1024) are two 2048-byte windows of m0, effective bytes [0, 2048) and [1024, 3072); b is loaded while a is still to be read, so the pass fails closed (audit aud7 F9: neither plan-memory's validator nor an allocation-level check sees two windows of one allocation)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 13:9: error: lower-tile-to-buffer: kernel: the destination 'b' (effective bytes [1024, 3072)) of tile.load is placed over 'a' (effective bytes [0, 2048)), which is still live (read again at line 14)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        m3 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 1024, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m3, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
