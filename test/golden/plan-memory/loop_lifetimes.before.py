# rule: PYPTO lifetimes: x is read inside the loop, so it lives to the loop's end and the carry cannot reuse it; t lives only within an iteration but the carry lives across the whole loop; after the loop x and t are dead and the final exp reuses address 0
# passes: init-memref,plan-memory
# opt: memory_planner=PYPTO
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        for i, (acc,) in pl.range(n, init_values=(x,)):
            t = pl.tile.mul(x, x)
            nxt = pl.tile.add(acc, t)
            res = pl.yield_(nxt)
        e = pl.tile.exp(res)
        result = pl.tile.store(e, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
