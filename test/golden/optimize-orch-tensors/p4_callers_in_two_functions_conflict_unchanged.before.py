# rule: Pattern 4 (Slice Input Strides) — a parameter has one type for all its callers, so every call site votes and they must agree: helper (an Orchestration function nothing calls, so its parameter's declared layout is its contract) passes a slice of a [64, 64] tensor (strides [64, 1]), main a slice of a [64, 96] tensor (strides [96, 1]), so no strides are attached (remark: "conflict, no strides: here the slice 'xb' of parent 'x' has strides [64, 1] but at the call at ... in 'main' the slice 'yb' of parent 'y' has strides [96, 1]")
# expect: unchanged
import ptorw.language as pl


@pl.program
class CallersInTwoFunctionsConflict:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def helper(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        xb = pl.tensor.slice(x, [16, 32], [16, 32])
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(xb, tmp)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, y: pl.Tensor[[64, 96], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        yb = pl.tensor.slice(y, [16, 32], [0, 64])
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(yb, tmp)
        return r
