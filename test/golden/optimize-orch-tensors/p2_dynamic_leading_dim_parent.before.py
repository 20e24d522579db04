# rule: Pattern 2 (Assemble Parent Strides) — the parent out has a pl.dynamic leading dim M; its row-major strides [64, 1] do not depend on M, so blk's Out param, whose result is assembled into out, takes them (review rev42c 2: the pass declined 'its shape is not static')
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 32], pl.FP32],
            o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        b = pl.create_tensor([16, 32], dtype=pl.FP32)
        p = self.blk(x, b)
        d = pl.tensor.assemble(out, p, [0, 32])
        return d
