# rule: "Tiles that name the same storage window and differ only in valid extents share one dynamic handle", "The allocation starts with its physical extents" and "A static member must be fully valid": x is loaded with the static valid rectangle [16, 32] of its [16, 64] allocation; w = tile.set_validshape(x, 16, cols) would update x's handle to runtime extents, but that handle would have to start at physical extents x does not have, so the kernel stays Tile with the recipe's reason (planned, decision False) instead of failing in conversion
# opt: memory_planner=PTOAS
# expect-remark: runtime extents on a tile with a partial static valid rectangle
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64], [16, 32])
        w = pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(w, w)
        o = pl.tile.store(z, [0, 0], out)
        return o
