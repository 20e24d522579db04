# rule: fail closed (ptorw's storage index reads the pl.tile.alloc statements at a function's top level only; the spec places Buffer allocs "at the original allocation definitions" but does not cover one inside a loop): an alloc in a loop body is refused with a message that says so, not that the storage is no alloc of the function
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'x' names storage 'm0' that is not a pl.tile.alloc at the top level of this function (an allocation inside a loop or branch has no Buffer form)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32], Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        for k, (o,) in pl.range(4, init_values=(Out,)):
            m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
            x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(A, [k * 16, 0], [16, 32])
            m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
            o2: pl.Tensor[[64, 32], pl.FP32] = pl.tile.store(y, [k * 16, 0], o)
            res = pl.yield_(o2)
        return res
