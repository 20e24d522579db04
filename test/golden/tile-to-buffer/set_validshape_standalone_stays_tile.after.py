@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "the tile result of tile.set_validshape is not assigned (a standalone tile op is not planned; standalone setters retain Tile IR)", "buffer_ir_selected": False})
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(x, x)
        o = pl.tile.store(z, [0, 0], out)
        return o
