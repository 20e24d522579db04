# rule: docs/semantics.md (tile.assemble "keeps target's valid extents") against the spec's one enlarging direction ("When assemble enlarges the valid region ..."): placed is typed valid [16, 32] while the op keeps canvas's whole [32, 32], so its Buffer store would write 16 of the 32 rows the Tile program stores (audit 2026-12-05 N1: diffcheck found the difference); the kernel stays Tile
# opt: memory_planner=PTOAS
# expect-remark: tile.assemble's result is typed with valid extents [16, 32], smaller than its target's [32, 32]
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        canvas = pl.tile.load(x, [0, 0], [32, 32])
        src = pl.tile.load(y, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.tile.assemble(canvas, src, [0, 0])
        o = pl.tile.store(placed, [0, 0], out)
        return o
