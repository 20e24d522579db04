# rule: Pattern 5 Output-window eligibility — window shape and offset must be statically known enough to materialize a tensor.slice. A constant store window [16, 32] at [56, 0] reaches past the [64, 32] Out parameter: the store itself is ill-typed (docs/semantics.md tile.store: the window must lie inside the tensor; the interpreter refuses it), so the pipeline refuses the input when it verifies it, before Pattern 5 sees it
# expect-error: 12:13: error: tile.store window [56, 72) in dimension 0 is outside operand 3 ('out') of shape [64, 32]
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def tail(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [56, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.tail(x, o)
        return y
