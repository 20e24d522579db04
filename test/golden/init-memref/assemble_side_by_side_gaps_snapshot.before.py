# rule: "The disjointness proof ... includes gaps between rows, matching the verifier's conservative storage ranges": rows 0-7, columns 0-31 of x written at column 32 of the same rows touch other bytes element by element, but with x's 256-byte pitch the source's hull is [0, 1920) and the destination's [128, 2048): not proven disjoint, so x is snapshotted and the window cut again from the copy
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        left = pl.tile.slice(x, [8, 32], [0, 0])
        placed = pl.tile.assemble(x, left, [0, 32])
        result = pl.tile.store(placed, (0, 0), out)
        return result
