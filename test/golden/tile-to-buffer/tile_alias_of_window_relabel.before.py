# rule: "a relabel of a window is a buffer.reshape of it at the same place", through an ordinary alias: `a = w` names the window's subview, and the reshape of `a` is a buffer.reshape of that subview
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.slice(x, [8, 32], [0, 0])
        a = w
        r = pl.tile.reshape(a, [16, 16])
        y = pl.tile.mul(r, r)
        result = pl.store(y, [0, 0], Out)
        return result
