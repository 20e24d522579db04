# rule: Representation example under PTOAS: allocation identities only, no addr (pto_format.md: no addr under the addressless planner)
# passes: init-memref,plan-memory
# opt: memory_planner=PTOAS
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.tile.load(a, (0, 0), (16, 32))
        rhs = pl.tile.load(b, (0, 0), (16, 32))
        total = pl.tile.add(lhs, rhs)
        prod = pl.tile.mul(total, rhs)
        result = pl.tile.store(prod, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, out)
        return r
