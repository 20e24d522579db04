# rule: outline-incore-scopes — a tensor written through a store nested in the loop's yield is Out: pl.yield_(pl.store(t, [i * 16, 0], acc)) writes acc, which carries o (before the 40th session only statement-level stores were followed, o stayed In and the pass's output failed the verifier)
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="store_rows"):
            for i, (acc,) in pl.range(4, init_values=(o,)):
                t = pl.load(x, [0, 0], [16, 32])
                res = pl.yield_(pl.store(t, [i * 16, 0], acc))
        return res
