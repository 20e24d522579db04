# rule: Pattern 5 Solution — "out_window = pl.tensor.slice(out, shape, offset) / out_window_next = self.kernel__windowed(..., out_window) / out = pl.tensor.assemble(out, out_window_next, offset)": one value out is sliced and assembled into; here the Out argument is a nested kernel call self.bump(o), which the slice and the assemble would each evaluate (bump, an InOut writer, would run twice), and bump is a sibling full writer of the parent — fail closed: the call stays full (remark: "a kernel call nested in an expression ... run flatten-call-expr first"); audit 2026-12-05
# expect: unchanged
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, io: pl.InOut[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(io, [0, 0], [16, 32])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], io)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        r = self.scale(a, 32, self.bump(o))
        return r
