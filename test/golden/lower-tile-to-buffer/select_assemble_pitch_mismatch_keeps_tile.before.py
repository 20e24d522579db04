# rule: Default whole-kernel selection — "Vec assemble requires a non-window target and matching source/target row pitches": a dense [16, 32] source (128-byte rows) assembled into a [16, 64] target (256-byte rows) keeps the whole kernel on Tile IR; the recipe itself converts it in an explicit pipeline ("their availability alone does not widen default acceptance")
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 64])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem1, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(x, y, [0, 32])
        result: pl.Tensor[[16, 64], pl.FP32] = pl.store(z, [0, 0], Out)
        return result
