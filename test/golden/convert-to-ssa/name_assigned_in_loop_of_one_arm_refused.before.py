# rule: convert-to-ssa — a name with no value before an if, assigned in both arms but in the then arm only inside a loop (which may run no iteration), read after the if: on that path Python raises NameError; the error is the loop's (the name is read after it with no value before it), and the program is unchanged (the if's merge dereferenced the missing value: a crash, fuzz seed 421 of gen_text_program with early returns)
# verify-input: no
# expect-error: 'z' is assigned inside this loop and read in a later iteration or after the loop, but has no value before it
import ptorw.language as pl


@pl.program
class LoopOnlyArm:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        if n > 3:
            for i in pl.range(n):
                z = pl.add(x, x)
        else:
            z = pl.mul(x, x)
        return z
