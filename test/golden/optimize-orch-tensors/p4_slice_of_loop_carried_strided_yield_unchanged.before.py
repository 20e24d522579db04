# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 'band' is loop-carried: it starts as the packed [32, 64] param y (strides [64, 1], as its type declares) but every trip yields a [32, 64] slice of the [64, 128] param x (strides [128, 1]), so from the second trip on it views other memory; no strides are attached (38th session: [64, 1] was attached and diffcheck failed)
# expect: unchanged
# expect-remark: loop-carried 'band' is yielded 'nxt' with strides [128, 1]
import ptorw.language as pl


@pl.program
class SliceOfLoopCarried:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        for i, (band, acc) in pl.range(2, init_values=(y, tmp)):
            blk = pl.tensor.slice(band, [8, 16], [8, 16])
            r = self.scale(blk, acc)
            nxt = pl.tensor.slice(x, [32, 64], [32, 64])
            band2, acc2 = pl.yield_(nxt, r)
        return acc2
