# rule: "nested dynamic-valid windows retain Tile IR": a window with runtime valid extents cut from a static window keeps the kernel on Tile IR (planned: both windows share their root's storage and MemRef)
# opt: memory_planner=PTOAS
# expect-remark: nested dynamic-valid windows
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32])
        v = pl.tile.slice(w, [16, 16], [0, 0], [16, cols])
        y = pl.tile.neg(v)
        o = pl.tile.store(y, [0, 0], out)
        return o
