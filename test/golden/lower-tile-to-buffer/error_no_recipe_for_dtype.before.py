# rule: Initial supported recipes — explicit low-level conversion diagnoses unsupported forms: sub has no FP16 recipe
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: no Buffer recipe for tile.sub on pl.FP16
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP16, pl.MemRef(mem0, 0, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP16, pl.MemRef(mem1, 0, 1024), pl.Mem.Vec] = pl.tile.sub(x, x)
        result: pl.Tensor[[16, 32], pl.FP16] = pl.store(y, [0, 0], Out)
        return result
