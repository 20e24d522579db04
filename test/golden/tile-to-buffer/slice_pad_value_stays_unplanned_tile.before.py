# rule: docs/semantics.md (tile.slice `pad_value`: "the padding of the result holds that value") against "tile.slice is a window of its source" (Windows: slice and assemble): a window cannot hold the pad without writing it into its source, and planned as one the padding read x's rows (review rev41b F3: diffcheck found the difference at init-memref); InitMemRef does not plan it, as it does not plan clamp=True (unplanned, the reason recorded, decision False)
# opt: memory_planner=PTOAS
# expect-warning: warning: InitMemRef: tile.slice with pad_value fills its padding and is not planned yet (a window cannot) (kernel 'k' keeps its unplanned Tile form)
# expect-warning: warning: InitMemRef: the source of 'y' is not a planned tile (kernel 'k' keeps its unplanned Tile form)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]], out2: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [32, 32])
        w = pl.tile.slice(x, [16, 32], [0, 0], [8, 32], pad_value=pl.PadValue.zero)
        y = pl.tile.reshape(w, [16, 32])
        r = pl.tile.store(x, [0, 0], out)
        r2 = pl.tile.store(y, [0, 0], out2)
        return r, r2
