# rule: Placement and API — overlap of live values without addresses (PTOAS): a and b are windows of one addressless allocation m0 at offsets 0 and 1024, both 2048 bytes; b is loaded while a is still to be read, so the pass fails closed, comparing within the allocation as the per-op proof does (audit aud8 B3; distinct addressless allocations never alias)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 13:9: error: lower-tile-to-buffer: kernel: the destination 'b' (bytes [1024, 3072) of 'm0') of tile.load is placed over 'a' (bytes [0, 2048) of 'm0'), which is still live (read again at line 14)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        m3 = pl.tile.alloc(pl.Mem.Vec, 2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 1024, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m3, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
