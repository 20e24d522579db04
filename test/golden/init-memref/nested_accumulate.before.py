# rule: Storage legalization: an inner loop accumulating into the outer carry shares its storage: the inner entry copy is an exact self-copy (removed by conversion) and nothing else reads the outer carry
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        for i, (acc,) in pl.range(n, init_values=(x,)):
            for j, (acc2,) in pl.range(n, init_values=(acc,)):
                nxt = pl.tile.add(acc2, acc2)
                inner = pl.yield_(nxt)
            res = pl.yield_(inner)
        result = pl.tile.store(res, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
