# rule: Planned storage views — the tile.alloc byte capacity is authoritative and Vec storage comes in 32-byte rows: a capacity that is not a multiple of 32 fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: is not a multiple of 32 bytes
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2050, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
