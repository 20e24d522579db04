# rule: PYPTO lifetime-based reuse: in a chain x -> exp -> exp -> exp each value dies at the next op, so storages alternate between two addresses (closed intervals: an op never writes where its own operand lives)
# passes: init-memref,plan-memory
# opt: memory_planner=PYPTO
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        y = pl.tile.exp(x)
        z = pl.tile.exp(y)
        w = pl.tile.exp(z)
        result = pl.tile.store(w, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, out)
        return r
