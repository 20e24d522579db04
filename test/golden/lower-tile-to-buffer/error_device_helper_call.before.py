# rule: Default whole-kernel selection — device helper calls remain outside the contract: a kernel calling another kernel fails explicit conversion
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: device helper calls
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r = self.helper(A, Out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def helper(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
