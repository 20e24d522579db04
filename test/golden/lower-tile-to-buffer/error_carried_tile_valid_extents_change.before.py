# rule: "Loops": a Tile carry names one storage and disappears, and the Buffer ops that read it take its valid extents from its type ("Runtime valid extents"): a tile reloaded in the body with valid_shape=[k1, 64] and yielded for an iter arg typed [k0, 64] has no single extent to take (the lowered store of `t` wrote k0 rows in every iteration where the Tile program stores k1: found in the 36th session); fail closed, naming both extents
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: loop carry 't' has valid extents [k0, 64] but the value yielded for it, 't1', has [k1, 64]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        k0: pl.Scalar[pl.INDEX] = 1
        t0: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[k0, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k0, 64])
        for i, (k, t, o) in pl.range(3, init_values=(k0, t0, out)):
            o1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(t, [0, 0], o)
            k1: pl.Scalar[pl.INDEX] = k + 1
            t1: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[k1, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k1, 64])
            kr, tr, orr = pl.yield_(k1, t1, o1)
        return orr
