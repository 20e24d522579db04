# rule: Placement and API — "Addressed planners additionally check effective-range overlap" for in-place writes: placed = tile.assemble(canvas, a, [16, 0]) shares canvas's storage, so it writes a into canvas's rows 16..31 (effective bytes [10240, 12288)) while canvas is still to be read by the add; tile.assemble "writes in place into its target's storage when the target is dead after it", and here it is not, so the pass fails closed (audit aud8 B1: the add read the overwritten rows)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 15:9: error: lower-tile-to-buffer: kernel: the destination 'placed' (effective bytes [10240, 12288)) of tile.assemble is placed over 'canvas' (effective bytes [8192, 12288)), which is still live (read again at line 16)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], C: pl.Tensor[[32, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_a = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem_canvas = pl.tile.alloc(pl.Mem.Vec, 4096, addr=8192)
        mem_s = pl.tile.alloc(pl.Mem.Vec, 4096, addr=16384)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_a, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_canvas, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_canvas, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, a, [16, 0])
        s: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_s, 0, 4096), pl.Mem.Vec] = pl.tile.add(placed, canvas)
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(s, [0, 0], Out)
        return result
