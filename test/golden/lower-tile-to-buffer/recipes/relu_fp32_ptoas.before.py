# rule: Recipe table row relu (FP32), planner PTOAS — tile.relu becomes buffer.relu writing its destination handle; addressless allocations
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class R:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.relu(a)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
