# rule: default pipeline — the spec's Pattern 1 example written by hand the way a loop accumulator is usually written, through a second name: `acc = buf` before the loop and `acc = result` at the end of its body; convert-to-ssa makes the rebinding an iter arg and the copies `acc = result` plain copies, simplify propagates the copies (so the call's result is the value yielded back to the iter arg), then Pattern 1 (Iter-Arg Reuse) merges the Out param into the In param as InOut and removes the create — the spec's "After" (audit 2026-12-05: the copies hid the loop form and Pattern 1 never applied)
# verify-input: no
import ptorw.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc = buf
        for i in pl.range(10):
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(acc, out_0)
            acc = result
        return acc
