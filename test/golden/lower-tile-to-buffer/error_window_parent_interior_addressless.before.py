# rule: Windows: slice and assemble — "PTOAS cannot legalize a subview of a byte-root relabel. Full-capacity window parents therefore retain typed roots; for other shared addressed storage, a window parent gets an alias allocation at its planned address": the sliced a lies at offset 4096 of an addressless (PTOAS) 8192-byte allocation shared with b; it is neither full-capacity nor addressed, so explicit conversion fails closed instead of slicing a relabel of a UINT8 subview
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'a' is a window parent at bytes [4096, 8192) of the addressless allocation 'mem' (8192 bytes)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               O1: pl.Out[pl.Tensor[[8, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 8192)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 1024)
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r2: pl.Tensor[[16, 32], pl.FP32] = pl.store(b, [0, 0], O2)
        a: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 4096, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 64])
        w: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem, 4096, 4096), pl.Mem.Vec] = pl.tile.slice(a, [8, 32], [4, 32])
        c: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem2, 0, 1024), pl.Mem.Vec] = pl.tile.exp(w)
        r1: pl.Tensor[[8, 32], pl.FP32] = pl.store(c, [0, 0], O1)
        return r1, r2
