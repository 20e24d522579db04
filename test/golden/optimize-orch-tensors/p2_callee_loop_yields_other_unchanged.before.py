# rule: Pattern 2 (Assemble Parent Strides), "anything whose type must stay consistent" — the callee's loop starts an iter arg as its Out param but yields a store into another tensor: the iter arg could not have one layout, so nothing is attached
# expect: unchanged
import ptorw.language as pl


@pl.program
class LoopYieldsOther:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[8, 32], pl.FP32], other: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             dst: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 32])
        for i, (acc,) in pl.range(4, init_values=(dst,)):
            nxt = pl.store(t, [i * 8, 0], other)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        big = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([32, 32], dtype=pl.FP32)
        tmp2 = pl.create_tensor([32, 32], dtype=pl.FP32)
        r = self.rows(x, tmp2, tmp)
        placed = pl.tensor.assemble(big, r, [64, 32])
        return placed
