@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "'y' relabels the slice window 's': a relabel of a window is not planned yet", "buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        s = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.set_validshape(s, 16, cols)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
