# rule: "tile.assemble writes in place: the source is copied into a window of the result's storage": the target x is not read after the assemble, so the result z takes x's storage over (one allocation for x and z); the source y keeps its own storage
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        y = pl.tile.load(a, (0, 0), (16, 32))
        z = pl.tile.assemble(x, y, [0, 32])
        result = pl.tile.store(z, (0, 0), out)
        return result
