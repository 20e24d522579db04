# rule: "Branches": Tile results name one storage chosen by legalization and disappear, so a read of the result takes its valid extents from the result's type: arms that yield tiles of one storage with different valid extents ([a, 64] and [b, 64]) give the result no single extent (the lowered store would write a rows after the else arm ran); fail closed, naming both
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: branch result 'r' has valid extents [a, 64] but the value an arm yields for it, 'tb', has [b, 64]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        if a > b:
            ta: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[a, 64])] = pl.tile.load(x, [0, 0], [16, 64], [a, 64])
            r = pl.yield_(ta)
        else:
            tb: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[b, 64])] = pl.tile.load(x, [0, 0], [16, 64], [b, 64])
            r = pl.yield_(tb)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o
