# rule: "An overlapping source is preserved by an explicit copy of its full typed parent before planning, followed by reconstruction of the source window": top (rows 0-15 of x) is written back in place at row 8 of x, whose window (rows 8-23) overlaps it; x is copied into a snapshot first (tile.move into its own storage), top is cut again from the snapshot with its own offsets, and the assemble reads that window; the result still takes x's storage over
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (32, 32))
        top = pl.tile.slice(x, [16, 32], [0, 0])
        placed = pl.tile.assemble(x, top, [8, 0])
        result = pl.tile.store(placed, (0, 0), out)
        return result
