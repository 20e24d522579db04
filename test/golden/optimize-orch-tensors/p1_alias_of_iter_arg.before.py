# rule: Pattern 1 (Iter-Arg Reuse), spec "the InCore result feeds back as an iter-arg to the next iteration" — the iter-arg reaches the call through a plain alias `b = acc` inside the loop (convert-to-ssa's form of `b = acc` before the call): the buffer is still the iter-arg's, and the loop yields the call's result, so the Out merges into the In param as when the call takes acc itself; the alias stays
import ptorw.language as pl


@pl.program
class AliasOfIterArg:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(10, init_values=(buf,)):
            b = acc
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(b, out_0)
            acc_out = pl.yield_(result)
        return acc_out
