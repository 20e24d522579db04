# rule: Planned storage views — "Full-capacity members that need a window parent use that parent's typed allocation; other interpretations reshape it": b (FP16, first) and a (FP32, sliced) both cover the allocation; the typed allocation is a's, and b is a buffer.reshape of it (not a sliced reshape of b's allocation)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], B: pl.Tensor[[32, 64], pl.FP16],
               O1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[32, 64], pl.FP16]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP16]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        b: pl.Tile[[32, 64], pl.FP16, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(B, [0, 0], [32, 64])
        r2: pl.Tensor[[32, 64], pl.FP16] = pl.store(b, [0, 0], O2)
        a: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(a, [16, 32], [8, 0])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r1: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], O1)
        return r1, r2
