# rule: convert-to-ssa — a type that reads a `pl.dynamic` dim reads the program's symbol even where a local variable of the same name is rebound: `M = n + 1; M = M + 2` renames the local, and the call's result keeps the type `[M, 64]` of the dynamic dim (it was refused: "a type here reads 'M' as it was before 'M' was assigned again", review of the type renames, MEDIUM 2)
# verify-input: no
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class ShadowedDim:
    @pl.function(type=pl.FunctionType.Opaque)
    def mk(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.create_tensor([M, 64], dtype=pl.FP32)
        return t

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        M = n + 1
        M = M + 2
        y = self.mk(M)
        return y
