# rule: "window setters ... retain Tile IR": explicit conversion (the form `emit` writes a kernel kept on Tile in) refuses a setter on a slice window even when another tile of the kernel (q, loaded after w dies) has the setter result's allocation, offset and descriptor: storage indexing never declares the setter's result, and the old conversion took q's handle for y, so z = y + y read q's dense bytes instead of the window at column 32 (diffcheck: output 0 differs; found by the 36th session's review)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile.set_validshape of a slice window has no Buffer form (window setters retain Tile IR)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, c: pl.Tensor[[32, 64], pl.FP32], d: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 8192, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        w: pl.Tile[[32, 64], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.load(c, [0, 0], [32, 64])
        v: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.slice(w, [16, 32], [0, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.tile.set_validshape(v, 8, 32)
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.tile.add(y, y)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(z, [0, 0], out)
        q: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.tile.load(d, [0, 0], [16, 32], [8, 32])
        o2: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(q, [0, 0], out2)
        return o, o2
