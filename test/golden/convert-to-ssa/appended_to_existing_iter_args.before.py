# rule: convert-to-ssa — a loop that already carries values (init_values, pl.yield_ with results) and also reassigns an outer name: the new iter arg and result are appended after the existing ones; a tuple return reads both results
# verify-input: no
import ptorw.language as pl


@pl.program
class AppendToExisting:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.INDEX]]:
        count = 0
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            out = pl.tensor.create([64], dtype=pl.FP32)
            nxt = self.k(acc, out)
            count = count + 1
            res = pl.yield_(nxt)
        return res, count
