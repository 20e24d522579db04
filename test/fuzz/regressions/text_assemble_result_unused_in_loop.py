# fuzz_diff --style text regression (generator seed 193, minimised): simplify removed
# `buf2 = pl.tensor.assemble(buf2, y0, ...)` as a dead pure assignment, but assemble writes its parent
# in place and the loop yields that parent (ir/op_registry.hpp marked tensor.assemble Pure).
import ptorw.language as pl


@pl.program
class FuzzText:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[64, 32], pl.FP32], y0: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        buf2 = pl.tensor.create([64, 32], dtype=pl.FP32)
        for i32, (h33,) in pl.range(1, init_values=(buf2,)):
            buf2 = pl.tensor.assemble(buf2, y0, [48, 0])
            r39 = pl.yield_(h33)
        return r39
