# rule: Loops — Tile carries (left, right) are removed after checking they name one legalized storage; swap snapshots are ordinary writes in the body; only the scalar carries (row, column) stay, in their original relative order (spec loop example)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], count: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
        ml = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        msl = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        msr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=6144)
        left0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ml, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        right0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        for i, (left, row, right, column) in pl.range(count, init_values=(left0, 0, right0, 0)):
            scratch_right: pl.Tile[[16, 32], pl.FP32, pl.MemRef(msr, 0, 2048), pl.Mem.Vec] = pl.tile.move(right, target_memory=pl.Mem.Vec)
            scratch_left: pl.Tile[[16, 32], pl.FP32, pl.MemRef(msl, 0, 2048), pl.Mem.Vec] = pl.tile.move(left, target_memory=pl.Mem.Vec)
            new_left: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ml, 0, 2048), pl.Mem.Vec] = pl.tile.move(scratch_right, target_memory=pl.Mem.Vec)
            new_right: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.move(scratch_left, target_memory=pl.Mem.Vec)
            left_out, row_result, right_out, column_result = pl.yield_(new_left, row + 1, new_right, column + 2)
        result: pl.Tensor[[256, 256], pl.FP32] = pl.store(left_out, [row_result, column_result], Out)
        return result
