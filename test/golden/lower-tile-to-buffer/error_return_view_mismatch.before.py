# rule: GM return aliases must resolve to parameters whose types match the declared results, including TensorView metadata (explicit conversion fails closed; selection keeps such kernels on Tile IR)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: whose type differs from the declared result
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1])]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result = pl.store(x, [0, 0], Out)
        return result
