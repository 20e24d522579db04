# rule: "Static valid rectangles use independent zero-offset subviews" (Planned storage views), applied to tile.set_validshape to constant extents on a tile with constant extents: no runtime metadata changes, so y is another static descriptor (valid [16, 32]) of x's storage window, declared as the zero-offset buffer.subview(x_buf, (0, 0), (16, 64), (16, 32)) of x's handle carrying its valid tuple ("Every lowered window carries its valid tuple"; it was a buffer.reshape, which PTO spells treshape, "metadata only, equal bytes"), and the setter writes no call (like tile.transpose_view, "storage indexing has already declared the relabelled window"); the add reads the [16, 32] rectangle and the store writes it
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.set_validshape(x, 16, 32)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
