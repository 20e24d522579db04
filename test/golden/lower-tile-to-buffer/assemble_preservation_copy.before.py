# rule: "tile.assemble writes in place: the source is copied into a window of the result's storage, after copying the target into the result when the planner gave them different storage": canvas is stored again after the assemble, so placed has an allocation of its own; the lowering copies canvas into it, then the source into the window at (8, 0)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
               Keep: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        mem_canvas = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem_part = pl.tile.alloc(pl.Mem.Vec, 1024, addr=4096)
        mem_placed = pl.tile.alloc(pl.Mem.Vec, 4096, addr=5120)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_canvas, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        part: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_part, 0, 1024), pl.Mem.Vec] = pl.load(C, [24, 0], [8, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_placed, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, part, [8, 0])
        r1: pl.Tensor[[32, 32], pl.FP32] = pl.store(placed, [0, 0], Out)
        r2: pl.Tensor[[32, 32], pl.FP32] = pl.store(canvas, [0, 0], Keep)
        return r1, r2
