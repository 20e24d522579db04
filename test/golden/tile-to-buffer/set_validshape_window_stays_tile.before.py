# rule: "User control flow with dynamic valid state, window setters, dynamic-valid relabels/assemble, and nested dynamic-valid windows retain Tile IR": a setter on a slice window keeps the kernel on Tile IR (planned: the setter's result names the window's storage, as every relabel of a window does; selection refuses it)
# opt: memory_planner=PTOAS
# expect-remark: window setters
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        s = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.set_validshape(s, 16, cols)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
