# rule: Loops — a While's Tile carry (updated in place in its one storage) is removed; the scalar carry stays and the condition uses the rewritten scalar binding
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], limit: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for (x, n) in pl.while_(init_values=(x0, 0)):
            pl.cond(n < limit)
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.tile.adds(x, 1.0)
            x_out, n_out = pl.yield_(y, n + 1)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x_out, [0, 0], Out)
        return result
