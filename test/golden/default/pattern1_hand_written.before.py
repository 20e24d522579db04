# rule: default pipeline — the spec's Pattern 1 example written by hand: the parameter reassigned in the loop becomes an iter arg (convert-to-ssa), the nested tensor.create moves out of the call (flatten-call-expr), then Pattern 1 (Iter-Arg Reuse) merges the Out param into the In param as InOut and removes the create — the spec's "After"
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
        for i in pl.range(10):
            buf = self.compute(buf, pl.tensor.create((64,), dtype=pl.FP32))
        return buf
