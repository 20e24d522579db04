# rule: Default whole-kernel selection — physical rows must be 32-byte aligned: FP32[16, 4] rows are 16 bytes, the kernel stays Tile
# passes: select-buffer-ir,lower-tile-to-buffer

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 4], pl.FP32], Out: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 256, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 256, addr=256)
        x: pl.Tile[[16, 4], pl.FP32, pl.MemRef(mem0, 0, 256), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 4])
        y: pl.Tile[[16, 4], pl.FP32, pl.MemRef(mem1, 0, 256), pl.Mem.Vec] = pl.tile.add(x, x)
        result: pl.Tensor[[16, 4], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
