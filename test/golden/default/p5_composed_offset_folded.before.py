# rule: default is idempotent ("passes are idempotent"): Pattern 5 substitutes the argument i * 16 + 16 for row in the clone's store offset row - 16, which leaves i * 16 + 16 - 16 at the call site; OptimizeOrchTensors then simplifies the caller it marked untidy, which folds it to i * 16 in the slices and the assemble, so a second run of default changes nothing (review rev43a F2)
import ptorw.language as pl

@pl.program
class P5:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, src: pl.Tensor[[128, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        t = pl.load(src, [row - 16, 0], [16, 64])
        d = pl.store(t, [row - 16, 0], dst)
        return d

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            nxt = self.k(a, i * 16 + 16, acc)
            res = pl.yield_(nxt)
        return res
