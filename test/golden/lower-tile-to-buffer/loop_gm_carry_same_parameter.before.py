# rule: Loops — a GM carry whose initial value and backedge resolve to the same parameter disappears; its uses and the loop result name that parameter
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        for i, (o,) in pl.range(4, init_values=(Out,)):
            x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [i * 16, 0], [16, 32])
            o2: pl.Tensor[[64, 32], pl.FP32] = pl.store(x, [i * 16, 0], o)
            r = pl.yield_(o2)
        return r
