# rule: convert-to-ssa — the While twin of result_name_rebound_in_body: a tensor chain `acc = self.k(acc, nb)` whose loop result is also named `acc` (`acc = pl.yield_(acc)`) is carried through an iter arg, next to the counter read by pl.cond; the loop's result is what the body yielded (found by the hand-written-text fuzzer)
# verify-input: no
import ptorw.language as pl


@pl.program
class WhileResultRebound:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = a
        k = 0
        for (h,) in pl.while_(init_values=(a,)):
            pl.cond(k < 3)
            nb = pl.tensor.create([16, 16], dtype=pl.FP32)
            acc = self.k(acc, nb)
            k = k + 1
            acc = pl.yield_(acc)
        return acc
