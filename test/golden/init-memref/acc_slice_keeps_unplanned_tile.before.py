# rule: "Storage indexing ... windows" of lower_tile_to_buffer.md keep to "rank-2 dense Vec" windows ("slicing a relabelled window" and other windows "remain Tile"); a Mat/Left/Right/Acc tile is laid out in fractal boxes, so rows 16..31 of an NZ [32, 32] accumulator are two boxes apart and no one byte range: the slice is not planned as a window (review rev17: the planned kernel failed to run where its input ran); the kernel keeps its unplanned Tile form and the reason is recorded in init_memref_refused
# expect-warning: warning: InitMemRef: tile.slice of a pl.Mem.Acc tile is not planned: its fractal boxes make a window more than one byte range (tile.extract takes a window of a pl.Mem.Mat tile) (kernel 'kernel' keeps its unplanned Tile form)
@pl.program
class K:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc = pl.tile.matmul(l, r)
        s = pl.tile.slice(acc, [16, 32], [16, 0])
        result = pl.store(s, [16, 0], Out)
        return result
