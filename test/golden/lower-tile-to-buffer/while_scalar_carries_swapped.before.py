# rule: Structured regions — "scalar yields assign simultaneously, including swaps"; Loops — "Only scalar iter_args remain in native control flow, in their original relative order. While conditions use the rewritten scalar bindings": a While loop with a Tile carry (updated in place) and three scalar carries, a trip counter n tested by the condition and two offsets r, c swapped at every yield; the Tile carry is removed, (n, r, c) stay in that order and the yield still swaps r and c
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], limit: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for (x, n, r, c) in pl.while_(init_values=(x0, 0, 0, 32)):
            pl.cond(n < limit)
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.tile.muls(x, 2.0)
            x_out, n_out, r_out, c_out = pl.yield_(y, n + 1, c, r)
        result: pl.Tensor[[64, 64], pl.FP32] = pl.store(x_out, [r_out, c_out], Out)
        return result
