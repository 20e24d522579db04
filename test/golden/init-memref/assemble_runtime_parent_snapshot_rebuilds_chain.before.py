# rule: "a static child never makes its dynamic parent's storage range precise" and "Symbolic cumulative offsets are bound once at each slice definition and reused when rebuilding a snapshot": low is a static window of band, a window at a runtime row of x; its place in x is unknown, so writing it at row 20 of x in place needs the snapshot (with row = 16 the two overlap), and both windows are cut again from the copy, band with the same row variable
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (32, 32))
        band = pl.tile.slice(x, [16, 32], [row, 0])
        low = pl.tile.slice(band, [8, 32], [0, 0])
        placed = pl.tile.assemble(x, low, [20, 0])
        result = pl.tile.store(placed, (0, 0), out)
        return result
