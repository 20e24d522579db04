# rule: convert-to-ssa — nested loops that reassign an outer tensor: each loop gets an iter arg, the inner loop's init is the outer iter arg and the outer loop yields the inner loop's result; the inner-only `part` is not carried
# verify-input: no
import ptorw.language as pl


@pl.program
class NestedLoops:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = pl.tensor.create([16, 64], dtype=pl.FP32)
        for i in pl.range(4):
            for j in pl.range(2):
                part = pl.tensor.slice(a, [16, 32], [0, j * 32])
                acc = pl.tensor.assemble(acc, part, [0, j * 32])
        return acc
