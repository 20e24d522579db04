# rule: Windows: slice and assemble — "BufferIR proves each window disjoint from the destinations written while it is read" with the window's exact static span: with x's inherited row pitch the window rows 16..31 of x is effective bytes [2048, 4096), and y's allocation is placed at effective bytes [0, 2048) (over x's dead rows 0..15), provably disjoint, so exp over the window lowers (the window is a subview at its use)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [16, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
