# rule: "ordinary packed ND GM tensors, and default load/store policies" (the recipes' scope): x is typed with pad=zero, so the load fills rows 8-31 with 0 (docs/semantics.md, Tiles), which buffer.load does not do; the set_validshape then exposes them (review rev41b F4: the lowered kernel stored what the storage held), so the kernel stays Tile
# opt: memory_planner=PTOAS
# expect-remark: tile.load into a tile typed with a pad value has no Buffer recipe
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32], pad=pl.PadValue.zero)] = pl.tile.load(a, [0, 0], [32, 32], [8, 32])
        y = pl.tile.set_validshape(x, 32, 32)
        r = pl.tile.store(y, [0, 0], out)
        return r
