# rule: Default whole-kernel selection — physical rows must be 32-byte aligned; under explicit conversion an FP32[8, 4] tile (16-byte rows) fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: physical rows must be 32-byte aligned
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 4], pl.FP32], Out: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 4], pl.FP32, pl.MemRef(mem0, 0, 256), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 4])
        result: pl.Tensor[[16, 4], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
