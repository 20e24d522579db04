# rule: "Dynamic/negative steps, changing GM aliases, region-local returns, unsigned scalar arithmetic and device helper calls remain outside the default contract"; "Unselected functions retain the Tile pipeline": the kernel returns inside an If, so it is planned (PYPTO: a and b get their own Vec storage) and stays Tile with its decision recorded False; the pipeline does not fail (it used to require NormalizedReturns of the whole program)
# expect-remark: stays on Tile IR: a return before the end of the kernel (a region-local return) remains outside the default contract
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(A, [0, 0], [16, 32])
        if flag:
            r1 = pl.store(a, [0, 0], Out)
            return r1
        b = pl.tile.exp(a)
        r2 = pl.store(b, [0, 0], Out)
        return r2
