# rule: Planned storage views — a view starts inside its allocation: a negative MemRef offset is named as negative (not as misaligned) and fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: storage offset -32 is negative
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, -32, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return r
