# rule: "Windows: slice and assemble" example — `window = tile.slice(whole, [16, 32], [row, 32]); placed = tile.assemble(canvas, doubled, [16, 0])` becomes `window = buffer.subview(whole_buffer, (row, 32), (16, 32))`, `buffer.add(window, window, doubled_buffer)`, `placed_window = buffer.subview(canvas_buffer, (16, 0), (16, 32))`, `buffer.copy(doubled_buffer, placed_window)`; "tile.assemble writes in place": placed shares canvas's allocation, so the target needs no preservation copy
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 64], pl.FP32], C: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_whole = pl.tile.alloc(pl.Mem.Vec, 8192, addr=0)
        mem_doubled = pl.tile.alloc(pl.Mem.Vec, 2048, addr=8192)
        mem_canvas = pl.tile.alloc(pl.Mem.Vec, 4096, addr=10240)
        whole: pl.Tile[[32, 64], pl.FP32, pl.MemRef(mem_whole, 0, 8192), pl.Mem.Vec] = pl.load(A, [0, 0], [32, 64])
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_canvas, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        window: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_whole, 0, 8192), pl.Mem.Vec] = pl.tile.slice(whole, [16, 32], [row, 32])
        doubled: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_doubled, 0, 2048), pl.Mem.Vec] = pl.tile.add(window, window)
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_canvas, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, doubled, [16, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(placed, [0, 0], Out)
        return result
