# rule: "Static valid rectangles use independent zero-offset subviews, so addressless PTOAS storage can preserve a partially valid assemble target without a second allocation": two in-place assembles enlarge canvas's valid rows 16 -> 32 -> 48; p1 and p2 are both window parents of one addressless allocation but differ only by a static valid rectangle, so the fully valid p2 keeps the typed root and canvas and p1 are its zero-offset subviews (audit 2026-12-05 N5: it stayed Tile as "differently typed full-capacity window parents"); no preservation copies (one storage)
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[48, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[48, 32], pl.FP32]]) -> pl.Tensor[[48, 32], pl.FP32]:
        canvas = pl.tile.load(x, [0, 0], [48, 32], [16, 32])
        src = pl.tile.load(y, [0, 0], [16, 32])
        src2 = pl.tile.muls(src, 2.0)
        p1: pl.Tile[[48, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, 32])] = pl.tile.assemble(canvas, src, [16, 0])
        p2: pl.Tile[[48, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[48, 32])] = pl.tile.assemble(p1, src2, [32, 0])
        o = pl.tile.store(p2, [0, 0], out)
        return o
