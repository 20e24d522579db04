# rule: Pattern 2 (Assemble Parent Strides) — a parameter has one type for all its callers, so every call site votes and they must agree: the call in helper assembles into a [16, 64] parent (strides [64, 1]), the call in main into a [32, 96] parent (strides [96, 1]), so no strides are attached (remark: "conflict, no strides: here parent 'narrow' ... has strides [64, 1] but at the call at ... in 'main' parent 'wide' ... has strides [96, 1]")
# expect: unchanged
import ptorw.language as pl


@pl.program
class CallersInTwoFunctionsConflict:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def helper(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        narrow = pl.tensor.create([16, 64], dtype=pl.FP32)
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(narrow, r, [0, 32])
        return placed

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[32, 96], pl.FP32]]:
        h = self.helper(x)
        wide = pl.tensor.create([32, 96], dtype=pl.FP32)
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(wide, r, [16, 64])
        return h, placed
