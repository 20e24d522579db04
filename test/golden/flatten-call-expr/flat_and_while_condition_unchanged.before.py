# rule: flatten-call-expr — already-flat calls (each the whole value of its assignment) stay; a call in a pl.while_ condition stays too, since the condition runs every iteration and has no statement position before it
# expect: unchanged
import ptorw.language as pl


@pl.program
class FlatAlready:
    @pl.function
    def main(self, t: pl.Tensor[[16], pl.FP32], n0: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        first = pl.tensor.read(t, [0])
        scaled = first * 2.0
        for (n,) in pl.while_(init_values=(n0,)):
            pl.cond(pl.tensor.read(t, [n]) > scaled)
            m = n + 1
            n_out = pl.yield_(m)
        return n_out
