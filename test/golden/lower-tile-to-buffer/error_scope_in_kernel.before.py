# rule: Placement and API — the pass needs device/orchestration separation: a pl.at scope left in a kernel has no Buffer recipe (outline it first)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: scope statements have no Buffer recipe
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
