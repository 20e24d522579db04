# rule: Initial supported recipes — default load/store policies only: a transposing load has no Buffer recipe yet
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: transpose has no Buffer recipe
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 16], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.tile.load(A, [0, 0], [16, 32], transpose=True)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
