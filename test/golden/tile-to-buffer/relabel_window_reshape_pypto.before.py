# rule: "a relabel of a window is a buffer.reshape of it at the same place"; "Reshape and reinterpret preserve equal physical bytes and require dense source row pitch": a static window of whole rows ([8, 32] of a [16, 32] FP32 tile, 128-byte rows at a 128-byte pitch) reshaped to [16, 16] becomes a subview and a buffer.reshape of that subview at the reshape; addresses as the PYPTO planner places the two allocations (x at 0, y at 2048)
# opt: memory_planner=PYPTO
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [8, 32], [8, 0])
        r = pl.tile.reshape(w, [16, 16])
        y = pl.tile.exp(r)
        result = pl.store(y, [0, 0], Out)
        return result
