# rule: "dynamic-valid relabels/assemble ... retain Tile IR": the reshape of a whole-row window with valid [8, cols] keeps the kernel on Tile IR (planned: the relabel names the window's storage)
# opt: memory_planner=PTOAS
# expect-remark: tile.reshape of a tile with runtime valid extents retains Tile IR
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [8, 64], [8, 0], [8, cols])
        r = pl.tile.reshape(w, [16, 32])
        y = pl.tile.neg(r)
        o = pl.tile.store(y, [0, 0], out)
        return o
