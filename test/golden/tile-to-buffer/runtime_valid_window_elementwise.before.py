# rule: "Windows instead keep per-dimension static or dynamic valid extents in their subview"; "When arithmetic combines window and allocation handles with different valid descriptors, zero-offset subviews give the operands and destination matching per-dimension descriptors"; "Dynamic-valid subviews are materialized at their guarded consumers": a window with valid [16, cols] feeds neg; its subview (typed [16, -1]) and a zero-offset subview of the dynamic destination (both dims -1 at the allocation) are written inside the neg's guard
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32], [16, cols])
        y = pl.tile.neg(w)
        o = pl.tile.store(y, [0, 0], out)
        return o
