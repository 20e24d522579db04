# rule: "rank-reducing slices are rejected" (Windows: slice and assemble): a tile.slice whose shape has fewer dimensions than its source is refused before any planning by the input verifier (a tile slice keeps its source's rank), and the program is unchanged
# opt: memory_planner=PTOAS
# expect-error: tile.slice shape [32] (operand 2) have 1 element but operand 1 ('w') has rank 2
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[1, 32], pl.FP32]]) -> pl.Tensor[[1, 32], pl.FP32]:
        w = pl.tile.load(a, [0, 0], [16, 32])
        v = pl.tile.slice(w, [32], [3, 0])
        y = pl.tile.add(v, v)
        o = pl.tile.store(y, [0, 0], out)
        return o
