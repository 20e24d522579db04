# rule: Pattern 5 Output-window eligibility — sibling writers: a call writing the whole parent through a tensor.reshape view of it is a full writer of that parent (a reshape is a view, docs/semantics.md), so the windowed call stays full, as with a tensor.slice view (review rev15 M1)
# expect: unchanged
# expect-remark: call of 'col' stays full: its parent 'o' also has a full writer at 26:9
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.tile.full([64, 32], 0.0, dtype=pl.FP32)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        v = pl.tensor.reshape(o, [64, 32])
        f = self.fill(v)
        r = self.col(x, 16, o)
        return r
