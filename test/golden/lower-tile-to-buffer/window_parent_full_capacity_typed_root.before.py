# rule: Windows: slice and assemble — "PTOAS cannot legalize a subview of a byte-root relabel. Full-capacity window parents therefore retain typed roots"; Planned storage views — "Full-capacity members that need a window parent use that parent's typed allocation; other interpretations reshape it": a (the whole 4096-byte addressless allocation) is sliced, so the allocation is a's typed FP32[32, 32] buffer (not a UINT8 root relabelled to a), and b, whole rows 16..31 of that root, is a typed subview of it
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[32, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
          O1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048)
        a: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(a, [16, 32], [8, 0])
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)
        r1: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], O1)
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 2048, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r2: pl.Tensor[[16, 32], pl.FP32] = pl.store(b, [0, 0], O2)
        return r1, r2
