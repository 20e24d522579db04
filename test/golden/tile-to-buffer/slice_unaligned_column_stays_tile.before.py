# rule: "Vector base addresses must be 32-byte aligned ... Selection proves alignment from scalar SSA arithmetic and inherited row pitch for every slice ... Unproven alignment retains Tile IR": an FP32 slice at column 4 (16 bytes) keeps the kernel on Tile IR (planned: the window shares its parent's storage and MemRef)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 4])
        y = pl.tile.add(w, w)
        result = pl.store(y, [0, 0], Out)
        return result
