# rule: Windows — tile.assemble windows are a later recipe in this release: explicit conversion names the op and fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: no Buffer recipe for tile.assemble
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem1, 0, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [8, 32])
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.tile.assemble(x, y, [8, 0])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(z, [0, 0], Out)
        return result
