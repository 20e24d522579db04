# rule: Default whole-kernel selection (recipe table) — sub supports FP32 only: an FP16 sub keeps the whole kernel on Tile IR
# passes: select-buffer-ir,lower-tile-to-buffer

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=1024)
        x: pl.Tile[[16, 32], pl.FP16, pl.MemRef(mem0, 0, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP16, pl.MemRef(mem1, 0, 1024), pl.Mem.Vec] = pl.tile.sub(x, x)
        result: pl.Tensor[[16, 32], pl.FP16] = pl.store(y, [0, 0], Out)
        return result
