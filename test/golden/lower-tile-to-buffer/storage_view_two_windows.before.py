# rule: Planned storage views — one root serving two smaller windows: one UINT8 root, a subview per window (row offsets 0 and 64), a typed reshape per window
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=1024)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec] = pl.tile.muls(x, 2.0)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
