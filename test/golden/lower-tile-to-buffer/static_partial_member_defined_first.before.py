# rule: Planned storage views, "A single descriptor covering the full allocation keeps the direct typed-allocation form" and "Static valid rectangles use independent zero-offset subviews": the partially valid x2 ([16, 64] valid [8, 64]) is defined before the fully valid x in the same storage; x keeps the typed allocation and x2 is its zero-offset subview with the valid tuple (audit 2026-12-05 N3: x2 was the root and x a buffer.reshape of it, a treshape widening v_row)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        x2: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.load(a, [0, 0], [16, 64], [8, 64])
        o2 = pl.tile.store(x2, [0, 0], out2)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        o = pl.tile.store(x, [0, 0], out)
        return o, o2
