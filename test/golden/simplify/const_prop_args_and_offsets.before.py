# rule: simplify — a variable bound to an integer constant is substituted at its uses: user-call arguments and offset lists (MakeTuple elements); the folder then folds what appears and the emptied constant assignments are removed
import ptorw.language as pl


@pl.program
class ConstProp:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        col = 8
        t = pl.load(src, [row, col], [16, 16])
        r = pl.store(t, [row, col + 8], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        block = 16
        first = 2 * block
        buf = pl.tensor.create([128, 32], dtype=pl.FP32)
        r = self.k(a, first + 8, buf)
        return r
