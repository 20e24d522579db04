# rule: Branches — storage legalization selects one destination window per Tile branch result; arms writing different storage (no copy planned) fail closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: does not name one legalized storage
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
            r = pl.yield_(y)
        else:
            r = pl.yield_(x)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
