# rule: "require dense source row pitch"; "strided relabels ... remain Tile in the normal pipeline": a [16, 16] FP32 window (64-byte rows) of a [16, 32] tile (128-byte pitch) is strided, so its reshape keeps the kernel on Tile IR; planned, the reshape is a copy into storage of its own (its bytes are not contiguous in the window)
# opt: memory_planner=PTOAS
# expect-remark: strided relabels
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [16, 16], [0, 16])
        r = pl.tile.reshape(w, [8, 32])
        y = pl.tile.exp(r)
        result = pl.store(y, [0, 0], Out)
        return result
