# rule: "runtime-offset relabels ... remain Tile in the normal pipeline": a reshape of a window cut at a runtime row offset keeps the kernel on Tile IR (planned: the window and its relabel share their source's storage and MemRef)
# opt: memory_planner=PTOAS
# expect-remark: runtime-offset relabels
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [8, 32], [row, 0])
        r = pl.tile.reshape(w, [16, 16])
        y = pl.tile.exp(r)
        result = pl.store(y, [0, 0], Out)
        return result
