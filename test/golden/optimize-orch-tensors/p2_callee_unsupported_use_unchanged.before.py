# rule: Pattern 2 (Assemble Parent Strides), "anything whose type must stay consistent" — the callee reads its Out param with tensor.read, a use the stride attachment does not understand, so it fails closed and leaves the param packed
# expect: unchanged
import ptorw.language as pl


@pl.program
class UnsupportedUse:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        bias = pl.tensor.read(out, [0, 0])
        u = pl.tile.adds(t, bias)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(buf, r, [0, 32])
        return placed
