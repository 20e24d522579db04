# rule: Placement and API — "Addressed planners additionally check effective-range overlap" / Windows: "A runtime-offset window can only be placed within its whole source window": v is cut at a runtime row of w, itself rows 16..31 of x (effective bytes [2048, 4096)), so v can reach only w's bytes; y is loaded over x's dead rows 0..15 ([0, 2048)) while v is still to be read, which never meets them, so the kernel lowers (audit aud8 A2: the whole MemRef window of x was taken as v's reach)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem3 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=8192)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 32])
        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [16, 0])
        v: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.slice(w, [8, 32], [row, 0])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        y8: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.slice(y, [8, 32], [0, 0])
        z: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem3, 0, 1024), pl.Mem.Vec] = pl.tile.add(y8, v)
        r: pl.Tensor[[8, 32], pl.FP32] = pl.store(z, [0, 0], Out)
        return r
