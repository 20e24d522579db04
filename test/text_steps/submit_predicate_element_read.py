# Input of cli_text_between_steps_test.sh (no expected output: the check is that `default` in one
# process equals its steps through text). A pl.submit whose predicate= reads a tensor element: the
# read is matched at dispatch and must stay inside the submit through every step (docs audit
# 2026-12-05 F1: flatten-call-expr moved it out, and default's output no longer verified).
import ptorw.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.INT32],
          out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, g: pl.Tensor[[16, 64], pl.INT32],
             rc: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
             out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        rc2, gate = pl.submit(self.k, g, rc)
        out2, _ = pl.submit(self.k, g, out, deps=[gate], predicate=(rc2[0, 0] > 0))
        return out2
