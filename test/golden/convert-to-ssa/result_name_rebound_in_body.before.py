# rule: convert-to-ssa — a loop result named like an outer name the body rebinds (`x = x + c` ... `x = pl.yield_(c2)`): a later iteration reads the body's `x`, so `x` gets an iter arg as well; after the loop `x` is the loop's own result, not the carried value (found by the hand-written-text fuzzer, test/fuzz/gen_text_program.hpp)
# verify-input: no
import ptorw.language as pl


@pl.program
class ResultRebound:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        x = n
        for i, (c,) in pl.range(3, init_values=(n,)):
            x = x + c
            c2 = c + x
            x = pl.yield_(c2)
        return x
