# Input of cli_text_between_steps_test.sh: two windowize pl.at scopes written with store statements
# into one Out tensor; each outlined kernel returns its store's result, bound to a fresh name in the
# caller (the two fresh names must not collide: the printer tells them apart) (re-audit 2026-12-05 G2).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="a"):
            t = pl.load(x, [0, 0], [16, 64])
            pl.store(pl.add(t, t), [0, 0], out)
        with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="b"):
            u = pl.load(x, [16, 0], [16, 64])
            pl.store(pl.add(u, u), [16, 0], out)
        return out
