# rule: Planned storage views — "every view must fit within the original capacity": a MemRef offset of 2^63 - 32 must not wrap the capacity check (offset + size overflows int64) and fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: exceeds the allocation capacity 4096
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 9223372036854775776, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return r
