# rule: "Windows: slice and assemble": "tile.slice is a window of its source ... keeping the source's row pitch. Its offsets exist only where the slice is written, so the window is defined there, not at the allocation": a static Vec slice becomes buffer.subview(parent, offsets, sizes) at the slice, typed with the slice's descriptor; arithmetic reads it and writes a destination of its own storage ("Arithmetic destinations cannot reuse the storage family of a window they read")
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.add(w, w)
        result = pl.store(y, [0, 0], Out)
        return result
