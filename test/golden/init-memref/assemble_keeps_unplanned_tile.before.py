# rule: InitMemRef cannot plan tile.assemble yet (it writes in place: windows issue): per kernel (issue 17), the kernel keeps its unplanned Tile form and the reason is recorded in the attribute init_memref_refused; nothing else changes
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
