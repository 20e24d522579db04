import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "tile.assemble into the slice window 'right' is not planned (an assemble into a window target retains Tile IR)"})
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        right = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.load(a, (0, 0), (8, 32))
        z = pl.tile.assemble(right, y, [8, 0])
        result = pl.tile.store(z, (0, 0), out)
        return result
