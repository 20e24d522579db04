# rule: "tile.assemble writes in place: the source is copied into a window of the result's storage, after copying the target into the result when the planner gave them different storage" and "Static valid rectangles use independent zero-offset subviews, so addressless PTOAS storage can preserve a partially valid assemble target without a second allocation": canvas (valid [16, 32]) is not read after the assemble, so placed (valid [32, 32]) takes its storage; canvas is the zero-offset subview of placed's typed root with its valid tuple, and there is no preservation copy (it used to be a buffer.reshape and a copy of the storage onto itself)
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        canvas = pl.tile.load(x, [0, 0], [32, 32], [16, 32])
        src = pl.tile.load(y, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, 32])] = pl.tile.assemble(canvas, src, [16, 0])
        o = pl.tile.store(placed, [0, 0], out)
        return o
