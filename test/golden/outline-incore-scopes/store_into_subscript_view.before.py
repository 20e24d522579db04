# rule: outline-incore-scopes — "a tensor written by tile.store inside ... is Out": a store into a view of `out` (`out[16:32, :]`, a tensor.slice nested in the store until flatten-call-expr, which runs after outlining) writes `out`, so the kernel takes it as pl.Out (re-audit 2026-12-05 G1: it became In and the output failed verification)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [16, 64])
            pl.store(t, [0, 0], out[16:32, :])
        return out
