# rule: plan-memory validator — every alloc lies within its space capacity: an address of 2^63 - 32 must not wrap the check (address + capacity overflows int64)
# passes: plan-memory
# opt: memory_planner=PYPTO
# expect-error: storage 'mem' [9223372036854775776, beyond 2^63) ends past the a2a3 Vec capacity of 196608 bytes
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=9223372036854775776)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return r
