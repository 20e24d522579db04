# rule: "Every lowered window carries its valid tuple, so PTOAS types each native dimension from it": a slice [16, 32] at column 32 whose valid rectangle is the constant [8, 32] is a buffer.subview with the valid tuple (8, 32) as its fourth operand (it used to be written without it, so PTOAS would type the window 16x32)
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 32], [0, 32], [8, 32])
        y = pl.tile.add(w, w)
        o = pl.store(y, [0, 0], out)
        return o
