# rule: conversion runs "once the same storage, SSA, return normalization, and device/orchestration separation invariants hold": a kernel recorded as selected that returns inside an If is refused by the explicit conversion, at the return (the property is asked of the kernels converted, so an unselected kernel with such a return no longer stops the default pipeline)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: requires NormalizedReturns, but the kernel returns before the end of its body
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            r1: pl.Tensor[[16, 32], pl.FP32] = pl.store(a, [0, 0], Out)
            return r1
        r2: pl.Tensor[[16, 32], pl.FP32] = pl.store(a, [0, 0], Out)
        return r2
