# rule: Windows: slice and assemble — a runtime-offset window is judged by its whole source window (effective bytes [0, 4096)); a destination placed outside it (effective bytes [4096, 6144)) is disjoint from every place the window can take, so the kernel lowers
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [row, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
