# rule: Windows: slice and assemble — "A runtime-offset window can only be placed within its whole source window. When an addressed planner overlaps part of that range with such a destination, lowering fails closed instead of guessing that the runtime offset avoids it": the window at row `row` may lie anywhere in x (effective bytes [0, 4096)), and y's allocation is placed at effective bytes [2048, 4096)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: the destination 'y' (effective bytes [2048, 4096)) of tile.exp may overlap the window 'w' (effective bytes [0, 4096), the whole range its window can reach)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [row, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
