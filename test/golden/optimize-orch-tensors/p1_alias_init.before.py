# rule: Pattern 1 (Iter-Arg Reuse), spec "Inside a for/while loop, each iteration allocates a new output tensor via tensor.create, even though the InCore result feeds back as an iter-arg to the next iteration" — the spec's example with the loop's init spelled through a plain alias `acc0 = buf` (what convert-to-ssa writes for `acc = buf` before a loop that rebinds acc): the alias is the buffer of buf, which nothing else uses, so the Out merges into the In param as when the init is buf itself; the alias stays
import ptorw.language as pl


@pl.program
class AliasInit:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc0 = buf
        for i, (acc,) in pl.range(10, init_values=(acc0,)):
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(acc, out_0)
            acc_out = pl.yield_(result)
        return acc_out
