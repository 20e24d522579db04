# rule: Pattern 2 (Assemble Parent Strides) — strides go on the callee's Out param only: an InOut param also carries input data laid out by its producer, so its result being assembled attaches nothing
# expect: unchanged
import ptorw.language as pl


@pl.program
class InOutParam:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, io: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(io, [0, 0], [16, 32])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], io)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        r = self.bump(x)
        placed = pl.tensor.assemble(buf, r, [0, 0])
        return placed
