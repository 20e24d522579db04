import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "tile.assemble is not planned yet (it writes in place)"})
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        y = pl.tile.load(a, (0, 0), (16, 32))
        z = pl.tile.assemble(x, y, [0, 32])
        result = pl.tile.store(z, (0, 0), out)
        return result
