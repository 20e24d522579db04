# rule: Structured regions — "scalar yields assign simultaneously, including swaps"; Loops — "Only scalar iter_args remain in native control flow, in their original relative order": the For loop swaps its two scalar carries (yield c, r) beside a Tile carry updated in place; the Tile carry is removed and the two scalar carries stay, still swapped at the yield, so after an odd trip count the store lands at [32, 0] and after an even one at [0, 32]
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], count: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i, (x, r, c) in pl.range(count, init_values=(x0, 0, 32)):
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.tile.adds(x, 1.0)
            x_out, r_out, c_out = pl.yield_(y, c, r)
        result: pl.Tensor[[64, 64], pl.FP32] = pl.store(x_out, [r_out, c_out], Out)
        return result
