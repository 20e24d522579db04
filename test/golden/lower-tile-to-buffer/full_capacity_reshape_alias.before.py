# rule: Planned storage views — a single descriptor covering the allocation keeps the typed-allocation form; another full-capacity interpretation is a buffer.reshape of it; logical tile.reshape disappears (its indexed typed alias supplies the result)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[32, 16], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(x, [32, 16])
        result: pl.Tensor[[32, 16], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
