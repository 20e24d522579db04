# rule: "A dynamic tile must own its allocation" and "A selected kernel's compilation, verification or execution error propagates; there is no catch-and-recompile fallback" (so selection must not pick what conversion cannot lower): a hand-planned kernel whose addressed storage holds a runtime-valid tile (y, valid [16, cols]) and a static partially valid one (x2, valid [8, 64]) stays Tile at selection with conversion's reason (audit 2026-12-05 N6: it was selected, then conversion failed the pipeline)
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: a dynamic tile must own its allocation
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.set_validshape(x, 16, cols)
        o = pl.tile.store(y, [0, 0], out)
        x2: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.load(b, [0, 0], [16, 64], [8, 64])
        o2 = pl.tile.store(x2, [0, 0], out2)
        return o, o2
