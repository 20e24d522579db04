# rule: Initial supported recipes — "recip requires a distinct destination": a recip destination at bytes [2048, 4096) of the allocation holding its operand at bytes [0, 2048) is distinct, so it lowers (two windows of one UINT8 root)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec] = pl.tile.recip(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
