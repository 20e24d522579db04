# rule: "Every lowered window carries its valid tuple": an assemble of a [16, 32] source whose valid rectangle is [8, 32] copies into a window of the result typed valid [8, 32], written buffer.subview(canvas, (16, 0), (16, 32), (8, 32)); the target is full and planned in place, so there is no preservation copy
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        canvas = pl.tile.load(a, [0, 0], [32, 32])
        src = pl.tile.load(b, [0, 0], [16, 32], [8, 32])
        placed = pl.tile.assemble(canvas, src, [16, 0])
        o = pl.tile.store(placed, [0, 0], out)
        return o
