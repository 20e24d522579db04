# rule: "An overlapping source is preserved by an explicit copy of its full typed parent before planning, followed by reconstruction of the source window": InitMemRef snapshots x (a planned tile.move, lowered to buffer.copy into an allocation of its own), cuts top again from the copy, and the assemble writes in place into x's allocation from that window; the original top window stays a view (no data moves)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [32, 32])
        top = pl.tile.slice(x, [16, 32], [0, 0])
        placed = pl.tile.assemble(x, top, [8, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
