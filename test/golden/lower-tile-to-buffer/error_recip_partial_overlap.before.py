# rule: Initial supported recipes — "recip requires a distinct destination": a recip destination at bytes [1024, 3072) partly overlapping its operand at bytes [0, 2048) of the same allocation is not distinct (only the exact self-write was refused before); explicit conversion fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile.recip requires a destination distinct from its operand: 'y' (effective bytes [1024, 3072)) overlaps 'x' (effective bytes [0, 2048))
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 1024, 2048), pl.Mem.Vec] = pl.tile.recip(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
