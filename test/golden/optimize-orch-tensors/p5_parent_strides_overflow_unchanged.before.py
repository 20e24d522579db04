# rule: Pattern 5 (issue 4 Safety of arithmetic; Output-window eligibility: "window shape and offset must be statically known enough to materialize a tensor.slice") — the window's parent strides are the Out param's row-major strides, checked int64: out is [32, 4611686018427387904, 4], whose leading stride 2^64 overflows, so the window is not proven and the Out stays full (remark: "its strides overflow int64")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[16, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 4611686018427387904, 4], pl.FP32]]) -> pl.Tensor[[32, 4611686018427387904, 4], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.reshape(t, [4, 64, 4])
        r = pl.store(u, [16, 0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[32, 4611686018427387904, 4], pl.FP32]) -> pl.Tensor[[32, 4611686018427387904, 4], pl.FP32]:
        y = self.col(x, o)
        return y
