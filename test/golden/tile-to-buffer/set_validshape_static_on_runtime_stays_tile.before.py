# rule: "Tiles that name the same storage window and differ only in valid extents share one dynamic handle" and "The allocation starts with its physical extents": x's valid columns are a runtime scalar (a dynamic handle); y = tile.set_validshape(x, 16, 32) to constant extents would be a static rectangle on that shared dynamic handle, which nothing defines, so the kernel stays Tile with the recipe's reason (planned, decision False)
# opt: memory_planner=PTOAS
# expect-remark: constant extents on a tile with runtime valid extents
# input-may-fail: the random runtime extent can leave columns of y unwritten, which the add then reads as poison (an error of the input on those seeds; the case is about selection)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64], [16, cols])
        y = pl.tile.set_validshape(x, 16, 32)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
