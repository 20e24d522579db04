# rule: "Every lowered window carries its valid tuple" with docs/semantics.md (tile.slice: the default valid region is the source's clipped to the window): the window [8, 32] at (0, 32) lies inside the 8 valid rows of x, so its clipped region is the whole window, as its type states, and the kernel is selected (the positive twin of slice_of_partially_valid_source_stays_tile)
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64], [8, 64])
        w = pl.tile.slice(x, [8, 32], [0, 32])
        y = pl.tile.exp(w)
        o = pl.store(y, [0, 0], out)
        return o
