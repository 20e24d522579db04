# rule: flatten-call-expr — calls in loop bounds and in iter-arg inits are evaluated once, before the loop: they become assignments before it and the loop body reads the same iter arg
import ptorw.language as pl


@pl.program
class LoopHeader:
    @pl.function
    def main(self, sizes: pl.Tensor[[4], pl.INT64], a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(pl.tensor.read(sizes, [0]), init_values=(pl.tensor.create([64], dtype=pl.FP32),)):
            nxt = pl.tensor.add(acc, a)
            res = pl.yield_(nxt)
        return res
