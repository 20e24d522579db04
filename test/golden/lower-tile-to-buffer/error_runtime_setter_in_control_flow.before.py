# rule: Runtime-valid default selection — "A forward SSA analysis rejects uses of old metadata versions after a setter"; the analysis walks statements in program order, which is their execution order only in straight-line code ("User control flow with dynamic valid state ... retain[s] Tile IR" in the default pipeline): explicit conversion of a setter to runtime extents in a kernel with a loop fails closed instead of lowering reads it has not analysed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: the forward metadata-version analysis covers straight-line kernels only
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          c: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        for i in pl.range(n):
            z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem1, 0, 4096), pl.Mem.Vec] = pl.tile.exp(x)
            y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, c])] = pl.tile.set_validshape(x, 16, c)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(x, [0, 0], out)
        return o
