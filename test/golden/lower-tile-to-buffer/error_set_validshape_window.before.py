# rule: "window setters ... retain Tile IR": explicit conversion (the form `emit` writes a kernel kept on Tile in) of a setter on a slice window fails closed naming the rule; it said "no Buffer handle for tile operand 'y' (is it planned?)" of a planned tile (found in the 36th session by tallying why `compile` refuses fuzz kernels)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile.set_validshape of a slice window has no Buffer form (window setters retain Tile IR)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, c: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], e: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 8192, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        w: pl.Tile[[32, 64], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.load(c, [0, 0], [32, 64])
        v: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.slice(w, [16, 32], [0, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec, pl.TileView(valid_shape=[16, e])] = pl.tile.set_validshape(v, 16, e)
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[16, e])] = pl.tile.add(y, y)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(z, [0, 0], out)
        return o
