# rule: "Vec assemble requires a non-window target"; "assemble with ... window targets ... remain Tile": an assemble into a slice window is not planned; per kernel (issue 17), the kernel keeps its unplanned Tile form and the reason is recorded in init_memref_refused
# expect-warning: warning: InitMemRef: tile.assemble into the slice window 'right' is not planned (an assemble into a window target retains Tile IR) (kernel 'kernel' keeps its unplanned Tile form)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 64))
        right = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.load(a, (0, 0), (8, 32))
        z = pl.tile.assemble(right, y, [8, 0])
        result = pl.tile.store(z, (0, 0), out)
        return result
