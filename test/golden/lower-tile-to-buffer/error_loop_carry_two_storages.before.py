# rule: Loops — conversion removes Tile carries only after verifying that they name the same legalized storage: a backedge in another allocation (no carry copy planned) fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: does not name one legalized storage
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i, (x,) in pl.range(4, init_values=(x0,)):
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
            x_out = pl.yield_(y)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x_out, [0, 0], Out)
        return result
