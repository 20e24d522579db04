# rule: "A static member must be fully valid" with "tile.set_validshape updates the shared handle directly": y = tile.set_validshape(x, 16, 32) is a static relabel of x's full [16, 64] window, and w = tile.set_validshape(y, 16, cols) would update y's handle to runtime extents; y's rectangle is partial, so no shared dynamic handle can start at it and the kernel stays Tile with the recipe's reason (planned, decision False)
# opt: memory_planner=PTOAS
# expect-remark: runtime extents on a tile with a partial static valid rectangle
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.set_validshape(x, 16, 32)
        w = pl.tile.set_validshape(y, 16, cols)
        z = pl.tile.add(w, w)
        o = pl.tile.store(z, [0, 0], out)
        return o
