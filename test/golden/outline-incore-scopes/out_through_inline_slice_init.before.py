# rule: outline-incore-scopes — a tensor written through an iter-arg whose init is a subscript written inline is Out: init_values=(o[0:32, :],) makes acc a view of o, and the store into acc writes o (before the 40th session the inline view carried nothing, o stayed In and the pass's output failed the verifier)
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="store_band"):
            for i, (acc,) in pl.range(2, init_values=(o[0:32, :],)):
                t = pl.load(x, [0, 0], [16, 32])
                nxt = pl.store(t, [i * 16, 0], acc)
                res = pl.yield_(nxt)
        return o
