# rule: "Dynamic-valid subviews are materialized at their guarded consumers, so the empty path never constructs an empty native subview ... Views never escape the guard": a window with valid [rows, 32] read by a store and by an add gets one subview inside each consumer's guard (two subviews, none at the slice); a constant extent stays static in the window's descriptor
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]], rows: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 0], [rows, 32])
        o1 = pl.tile.store(w, [0, 0], out)
        y = pl.tile.add(w, w)
        o2 = pl.tile.store(y, [0, 0], out2)
        return o1, o2
