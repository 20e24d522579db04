# rule: Pattern 5 (issue 4 Safety of arithmetic; Output-window eligibility: "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations") — the disjointness proof multiplies the offset's loop coefficient by the loop step, checked int64: column i * 4611686018427387904 with step 4 (two iterations: a loop of one has no siblings) gives an iteration gap of 2^64, which overflows, so the call stays full (remark: "int64 overflow in the iteration gap")
# expect: unchanged
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

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 8, 4, init_values=(o,)):
            r = self.col(x, i * 4611686018427387904, acc)
            res = pl.yield_(r)
        return res
