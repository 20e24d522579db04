# rule: Planned storage views — views need static 32-byte-aligned byte offsets: a MemRef offset computed from a parameter fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: MemRef offset and size must be static
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], k: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, k * 32, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
