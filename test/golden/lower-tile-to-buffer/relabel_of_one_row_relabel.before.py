# rule: "Reshape and reinterpret preserve equal physical bytes and require dense source row pitch, including single-row sources": a relabel of a relabel. w is a dense [8, 32] FP32 window (128-byte rows at x's 128-byte pitch), f its rank-1 [256] relabel — one row, dense whatever the pitch — and r = reshape(f, [16, 16]) a relabel of that row; explicit conversion (the form `emit` writes a kernel kept on Tile in, here kept for its rank-1 tile) gives both a buffer.reshape view. The 36th session's density check asked a rank-2 shape of the reshaped window and failed "needs its static shape and row pitch" (review doubt, fixed in the 37th)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        mem_vec_0: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem_vec_1: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 1024, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 2048), pl.Mem.Vec] = pl.tile.load(A, [0, 0], [16, 32])
        w: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 2048), pl.Mem.Vec] = pl.tile.slice(x, [8, 32], [8, 0])
        f: pl.Tile[[256], pl.FP32, pl.MemRef(mem_vec_0, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(w, [256])
        r: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mem_vec_0, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(f, [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mem_vec_1, 0, 1024), pl.Mem.Vec] = pl.tile.exp(r)
        result: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(y, [0, 0], Out)
        return result
