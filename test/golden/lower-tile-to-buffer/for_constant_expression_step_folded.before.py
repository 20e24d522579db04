# rule: Loops — "For loops require an INDEX induction variable and a provably positive constant step": a step written as a constant expression (8 - 2 * 4 + 16) is the constant 16, so the kernel is selected and its Buffer loop has the literal step (audit 2026-12-06 F5: selection kept it on Tile unless simplify had folded the step first)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        for i, (o,) in pl.range(0, 64, 8 - 2 * 4 + 16, init_values=(Out,)):
            a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [i, 0], [16, 32])
            b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.tile.exp(a)
            o2: pl.Tensor[[64, 32], pl.FP32] = pl.store(b, [i, 0], o)
            r = pl.yield_(o2)
        return r
