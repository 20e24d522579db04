# rule: "every operation that defines such a tile first states the extents it produces with buffer.set_validshape; tile.set_validshape updates the shared handle directly" (Runtime valid extents): y is typed valid [8, 32] but the setter gives it (n, 32); the Buffer handle would take the typed rectangle and drop n (review rev41b F2: a subview of 8 rows, diffcheck found the difference), so the kernel stays Tile as for every other op whose result is typed with other valid extents
# opt: memory_planner=PTOAS
# expect-remark: tile.set_validshape's result is typed with valid extents [8, 32] but the op gives it [n, 32]
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [32, 32])
        y: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.tile.set_validshape(x, n, 32)
        r = pl.tile.store(y, [0, 0], out)
        return r
