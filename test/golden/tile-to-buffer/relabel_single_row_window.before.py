# rule: "Reshape and reinterpret preserve equal physical bytes and require dense source row pitch, including single-row sources": a one-row window ([1, 16] at column 16 of a [16, 32] FP32 tile: 64 bytes of a 128-byte pitch) is dense, so its [2, 8] relabel is a buffer.reshape of the subview
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [1, 16], [3, 16])
        r = pl.tile.reshape(w, [2, 8])
        y = pl.tile.add(r, r)
        result = pl.store(y, [0, 0], Out)
        return result
