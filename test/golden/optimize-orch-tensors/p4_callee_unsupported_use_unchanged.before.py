# rule: Pattern 4 (Slice Input Strides) — the strides go on the In param and on everything typed from it; the callee also reads a with tensor.read, a use the stride attachment does not understand, so it fails closed and leaves the param packed (remark: "not attached ([64, 1] of the slice 'blk' of parent 'x'): 'a' is operand 1 of tensor.read")
# expect: unchanged
import ptorw.language as pl


@pl.program
class CalleeUnsupportedUse:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        bias = pl.tensor.read(a, [0, 0])
        u = pl.tile.adds(t, bias)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [16, 32])
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
