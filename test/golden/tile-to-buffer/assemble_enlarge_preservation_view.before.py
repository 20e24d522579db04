# rule: "When assemble enlarges the valid region, the preservation copy writes through a view matching the target's original valid rectangle": canvas (valid [16, 32] of [32, 32]) is still read after the assemble, so the planner gives placed (valid [32, 32]) its own storage; the preservation copy writes into the zero-offset view placed_pres of placed_buf typed valid [16, 32] (it used to copy into placed_buf itself, a [16, 32] source into a [32, 32] destination)
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        canvas = pl.tile.load(x, [0, 0], [32, 32], [16, 32])
        src = pl.tile.load(y, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, 32])] = pl.tile.assemble(canvas, src, [16, 0])
        o = pl.tile.store(placed, [0, 0], out)
        o2 = pl.tile.store(canvas, [0, 0], out2)
        return o, o2
