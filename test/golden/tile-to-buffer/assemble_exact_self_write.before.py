# rule: "A source that already is the assembled window was written in place and needs no copy": bottom is the window at (16, 0) of x and is assembled back at (16, 0) of x in place: the lowering writes no copy at all (the window is only a view)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [32, 32])
        bottom = pl.tile.slice(x, [16, 32], [16, 0])
        placed = pl.tile.assemble(x, bottom, [16, 0])
        result = pl.store(placed, [0, 0], Out)
        return result
