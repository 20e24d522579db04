# rule: "Vec slices with static or runtime offsets, including nested slices, keep their parent's row pitch": a slice at a runtime row offset and a static slice of that slice become a subview and a subview of the subview, each at its slice; a runtime row offset needs no alignment proof (rows are 32-byte aligned)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [32, 64])
        w = pl.tile.slice(x, [16, 64], [row, 0])
        v = pl.tile.slice(w, [8, 32], [8, 32])
        y = pl.tile.exp(v)
        result = pl.store(y, [0, 0], Out)
        return result
