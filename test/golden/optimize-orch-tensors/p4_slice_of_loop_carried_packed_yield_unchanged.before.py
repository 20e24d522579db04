# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent acc is loop-carried: it starts as a [32, 32] tensor.slice of the [32, 64] param x (strides [64, 1]) but every trip yields a fresh packed tensor (strides [32, 1]), so the second trip's slice views other memory; no strides are attached (the twin of p4_slice_of_loop_carried_in_place)
# expect: unchanged
# expect-remark: loop-carried 'acc' is yielded 'nxt' with strides [32, 1] but starts as 'band' with strides [64, 1]
import ptorw.language as pl


@pl.program
class SliceOfLoopCarried:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        band = pl.tensor.slice(x, [32, 32], [0, 32])
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc, out) in pl.range(2, init_values=(band, tmp)):
            blk = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            r = self.scale(blk, out)
            nxt = pl.tensor.full([32, 32], 1.0, dtype=pl.FP32)
            res, res_out = pl.yield_(nxt, r)
        return res_out
