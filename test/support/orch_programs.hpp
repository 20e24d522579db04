// Program text the orchestration tests share (orch_emit_test in the codegen suite, emit_ahead_test
// in the compile suite): the head of a program with one cube kernel `c(a, o: Out)` and one vector
// kernel `v(a, o: Out)` — the two members of a mixed task (a Group). Tests append their Group and
// Orchestration functions.
#pragma once
#include <string>

namespace ptorw::test {

inline const std::string kAicAivKernels = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def c(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        return r
)";

}  // namespace ptorw::test
