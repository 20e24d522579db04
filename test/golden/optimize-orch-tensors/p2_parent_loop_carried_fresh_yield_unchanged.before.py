# rule: Pattern 2 (Assemble Parent Strides), fail closed — the parent acc is loop-carried: it starts as a [32, 32] tensor.slice of the [32, 64] tensor big (strides [64, 1]) but every trip yields a fresh packed [32, 32] tensor (strides [32, 1]), so the second trip's assemble writes other memory; no strides are attached (the twin of p2_parent_loop_carried_from_slice)
# expect: unchanged
# expect-remark: loop-carried 'acc' is yielded 'fresh' with strides [32, 1] but starts as 'band' with strides [64, 1]
import ptorw.language as pl


@pl.program
class ParentLoopCarriedFreshYield:
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
            fresh = pl.tensor.create([32, 32], dtype=pl.FP32)
            res = pl.yield_(fresh)
        return res
