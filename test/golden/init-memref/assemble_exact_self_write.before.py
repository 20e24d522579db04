# rule: "... an exact self-write ... need[s] no snapshot": the window at rows 16-31 of x written back at row 16 is the destination window itself (same origin, pitch and shape): in place, no snapshot
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (32, 32))
        bottom = pl.tile.slice(x, [16, 32], [16, 0])
        placed = pl.tile.assemble(x, bottom, [16, 0])
        result = pl.tile.store(placed, (0, 0), out)
        return result
