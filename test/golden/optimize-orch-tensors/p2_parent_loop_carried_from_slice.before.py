# rule: Pattern 2 (Assemble Parent Strides) through a loop — the parent acc is loop-carried: it starts as a [32, 32] tensor.slice of the [32, 64] tensor big (strides [64, 1]) and every trip yields tensor.assemble(acc, ...), which is acc itself, so the parent lives in big's memory on every trip although acc's type declares packed [32, 1]: scale's Out param gets [64, 1]. Until the 39th session an iter-arg's declared strides were the hypothesis and this stayed unchanged (fail closed); the twin p2_parent_loop_carried_fresh_yield_unchanged yields other memory
import ptorw.language as pl


@pl.program
class ParentLoopCarriedFromSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        big = pl.tensor.create([32, 64], dtype=pl.FP32)
        band = pl.tensor.slice(big, [32, 32], [0, 0])
        for i, (acc,) in pl.range(2, init_values=(band,)):
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
