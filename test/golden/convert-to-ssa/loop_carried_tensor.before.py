# rule: convert-to-ssa — the hand-written form of the spec's Pattern 1 loop: the tensor reassigned by the call becomes an iter arg; the per-iteration tensor.create is a loop-local definition (not carried); a plain alias before the loop is an ordinary definition
# verify-input: no
import ptorw.language as pl


@pl.program
class LoopCarriedTensor:
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
            acc = self.compute(acc, out_0)
        return acc
