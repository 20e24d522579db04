# rule: Planned storage views — a member smaller than its allocation: a full-valid UINT8[capacity/32, 32] root, a buffer.subview at the member's byte offset / 32 rows, and a buffer.reshape to its descriptor (spec example: capacity 4096, base 8192, FP32[16,32] member at effective address 8256)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class View:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=8192)
        value: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 64, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(value, [0, 0], Out)
        return result
