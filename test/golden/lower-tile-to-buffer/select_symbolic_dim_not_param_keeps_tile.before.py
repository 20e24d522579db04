# rule: Default whole-kernel selection — "A selected kernel's compilation, verification or execution error propagates": a GM tensor parameter's symbolic dim M that is not a scalar parameter of the kernel has no value in the kernel's PTO signature (codegen reads dim M from the scalar parameter named M), so the whole kernel keeps Tile IR
# passes: select-buffer-ir,lower-tile-to-buffer
M = pl.dynamic("M")

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[M, 32], pl.FP32], Out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[M, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
