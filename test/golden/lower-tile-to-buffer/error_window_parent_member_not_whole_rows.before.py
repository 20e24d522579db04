# rule: Windows: slice and assemble — "Full-capacity window parents therefore retain typed roots": the sliced a (FP32[16, 64], 256-byte rows) keeps the typed root of its 4096-byte addressless allocation, and b (bytes [128, 640)) is not whole rows of that root, so it has no typed subview; neither rule gives b a view, so explicit conversion fails closed (no UINT8 root relabelled to a)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile 'b' (bytes [128, 640) of 'mem') is not whole 256-byte rows of the typed root 'a'
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[4, 32], pl.FP32],
               O1: pl.Out[pl.Tensor[[8, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[4, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[4, 32], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 1024)
        a: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 64])
        w: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(a, [8, 32], [4, 32])
        c: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem2, 0, 1024), pl.Mem.Vec] = pl.tile.exp(w)
        r1: pl.Tensor[[8, 32], pl.FP32] = pl.store(c, [0, 0], O1)
        b: pl.Tile[[4, 32], pl.FP32, pl.MemRef(mem, 128, 512), pl.Mem.Vec] = pl.load(B, [0, 0], [4, 32])
        r2: pl.Tensor[[4, 32], pl.FP32] = pl.store(b, [0, 0], O2)
        return r1, r2
