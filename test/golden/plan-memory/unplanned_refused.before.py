# rule: plan-memory needs planned storage: a device function whose tiles have no MemRefs is refused (run init-memref first)
# passes: plan-memory
# expect-error: pass 'plan-memory' requires HasMemRefs, but tile 'lhs' of kernel 'kernel' has no planned storage (MemRef); run init-memref first
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.tile.load(a, (0, 0), (16, 32))
        result = pl.tile.store(lhs, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, out)
        return r
