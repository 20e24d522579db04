# rule: default pipeline — a hand-written Opaque function (no InCore callee, so OptimizeOrchTensors changes nothing): if/else reassignment becomes an If result, the single-trip loop's carried value and nested read are flattened, inlined and folded, the constant index is propagated and its assignment removed
# verify-input: no
import ptorw.language as pl


@pl.program
class NormalizeOnly:
    @pl.function
    def main(self, t: pl.Tensor[[8], pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.FP32]:
        base = 2
        v = pl.tensor.read(t, [base + 1])
        if c:
            v = v * 2.0
        for i in pl.range(1):
            v = v + pl.tensor.read(t, [i])
        return v
