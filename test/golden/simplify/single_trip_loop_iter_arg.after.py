import ptorw.language as pl


@pl.program
class SingleTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], buf: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        out = pl.tensor.create([16, 32], dtype=pl.FP32)
        blk = pl.tensor.slice(a, [16, 32], [0, 0])
        part = self.k(blk, out)
        nxt = pl.tensor.assemble(buf, part, [0, 0])
        return nxt
