# rule: "as does slicing a relabelled window" (remains Tile): a slice of the [16, 16] relabel of a static whole-row window keeps the kernel on Tile IR; the relabel alone would be selected (relabel_window_reshape_pypto)
# opt: memory_planner=PTOAS
# expect-remark: slicing a relabelled window
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [8, 32], [8, 0])
        r = pl.tile.reshape(w, [16, 16])
        v = pl.tile.slice(r, [8, 16], [8, 0])
        y = pl.tile.exp(v)
        result = pl.store(y, [0, 0], Out)
        return result
