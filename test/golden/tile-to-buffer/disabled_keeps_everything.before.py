# rule: enable_buffer_ir=False: "both kernels => Tile" — the kernel is planned (the Tile pipeline still needs storage) and nothing is selected or lowered
# opt: enable_buffer_ir=false, memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        y = pl.tile.add(x, x)
        result = pl.store(y, [0, 0], Out)
        return result
