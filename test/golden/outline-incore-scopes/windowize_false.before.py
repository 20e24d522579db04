# rule: outline-incore-scopes — the outlined function carries the scope's windowize as given: windowize=False becomes attrs={"windowize": False} (Pattern 5 then leaves it alone)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, windowize=False, name_hint="head"):
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [16, 0], o)
        return r
