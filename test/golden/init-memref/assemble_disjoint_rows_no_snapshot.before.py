# rule: "... an exact self-write or provably disjoint static byte spans need no snapshot. The disjointness proof uses inherited row pitch": the nested window low (rows 4-11 of x: byte span [512, 1536) with x's 128-byte pitch) is written at row 16 (bytes [2048, 3072)): disjoint, so the assemble writes in place into x's storage with no snapshot
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (32, 32))
        band = pl.tile.slice(x, [16, 32], [0, 0])
        low = pl.tile.slice(band, [8, 32], [4, 0])
        placed = pl.tile.assemble(x, low, [16, 0])
        result = pl.tile.store(placed, (0, 0), out)
        return result
