# rule: simplify — single-trip loops: when a removed loop's result is the init of an outer loop's iter arg, that iter arg is re-created with the new init, and a single-trip loop inside it whose iter arg it initialises must read the re-created one (the substitution followed only one step and left a use of the old iter arg, a variable with no definition; found by the hand-written-text fuzzer)
import ptorw.language as pl


@pl.program
class TripAfterTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (a,) in pl.range(1, init_values=(y,)):
            a2 = pl.yield_(a)
        for j, (b,) in pl.range(3, init_values=(a2,)):
            for q, (c,) in pl.range(1, init_values=(b,)):
                nb = pl.tensor.create([16, 32], dtype=pl.FP32)
                c2 = self.k(c, nb)
                c3 = pl.yield_(c2)
            b2 = pl.yield_(c3)
        return b2
