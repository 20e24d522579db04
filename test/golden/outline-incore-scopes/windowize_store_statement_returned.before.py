# rule: outline-incore-scopes + Pattern 5 "FinalStore: the callee returns the result of a final tile.store(...) into one local window" — a windowize scope written with a store statement (its result dropped, as PyPTO's tutorials write stores) outlines to a kernel that returns the store's result, bound at the call to a fresh out_stored nothing reads, so Pattern 5 can window it; without windowize the kernel returns nothing (bare_store_out_param) (re-audit 2026-12-05 G2: the kernel returned nothing and Pattern 5 never applied)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(4):
            with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="band"):
                t = pl.load(x, [i * 16, 0], [16, 64])
                pl.store(pl.add(t, t), [i * 16, 0], out)
        return out
