# rule: Planned storage views — static nonnegative MemRef offsets must be 32-byte aligned
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: is not 32-byte aligned
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem0, 16, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [8, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
