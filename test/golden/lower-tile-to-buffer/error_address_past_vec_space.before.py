# rule: Planned storage views — "Lowering verifies allocation capacity": an allocation placed by hand at 196608, the end of the a2a3 Vec space (196608 bytes), lies outside it; the pass alone (no plan-memory validator before it) fails closed instead of writing a buffer.alloc the interpreter and the device refuse (review rev41b L1)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 9:9: error: lower-tile-to-buffer: kernel: storage 'mem0' of 2048 bytes at address 196608 does not lie within the a2a3 Vec space of 196608 bytes
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=196608)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
