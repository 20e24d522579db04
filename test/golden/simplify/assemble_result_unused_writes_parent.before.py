# rule: simplify — dead pure assignments: `pl.tensor.assemble` writes its parent in place (docs/semantics.md "Tensors"), so an assemble whose result is never read is not dead — here the parent is an InOut parameter, an output of the program (found by the hand-written-text fuzzer: `io = pl.tensor.assemble(io, x, ...)` as the last use of `io`)
# expect: unchanged
import ptorw.language as pl


@pl.program
class AssembleInPlace:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, io: pl.InOut[pl.Tensor[[64, 16], pl.FP32]],
             x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        r = pl.tensor.assemble(io, x, [16, 0])
        return x
