# rule: Windows: slice and assemble — "PTOAS cannot legalize a subview of a byte-root relabel ... for other shared addressed storage, a window parent gets an alias allocation at its planned address": a is sliced and lies at offset 4096 of an 8192-byte allocation at address 1024 shared with b, so a is its own typed buffer.alloc at 1024 + 4096 = 5120 (not a reshape of a UINT8 subview); b keeps the byte-root subview + reshape form
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               O1: pl.Out[pl.Tensor[[8, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 8192, addr=1024)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=9216)
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r2: pl.Tensor[[16, 32], pl.FP32] = pl.store(b, [0, 0], O2)
        a: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 4096, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 64])
        w: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem, 4096, 4096), pl.Mem.Vec] = pl.tile.slice(a, [8, 32], [4, 32])
        c: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem2, 0, 1024), pl.Mem.Vec] = pl.tile.exp(w)
        r1: pl.Tensor[[8, 32], pl.FP32] = pl.store(c, [0, 0], O1)
        return r1, r2
