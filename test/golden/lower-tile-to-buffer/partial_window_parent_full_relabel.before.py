# rule: Planned storage views, "Static valid rectangles use independent zero-offset subviews" with "Full-capacity window parents therefore retain typed roots": the only window parent of the storage (x3, the in-place assemble into x, valid [8, 64]) is partially valid and differs from the fully valid relabel y only by its valid rectangle, so y keeps the typed allocation and x is its zero-offset subview (audit 2026-12-05 R1: x was the root and y a buffer.reshape widening the valid rows, a pto.treshape from v_row=8 to 16)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 2048)
        mem3 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.load(a, [0, 0], [16, 64], [8, 64])
        x2: pl.Tile[[8, 64], pl.FP32, pl.MemRef(mem2, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, [8, 0], [8, 64])
        x3: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.tile.assemble(x, x2, [8, 0])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.set_validshape(x3, 16, 64)
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem3, 0, 4096), pl.Mem.Vec] = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
