# rule: Pattern 4 (Slice Input Strides) and Pattern 2 (Assemble Parent Strides) through a loop — the sliced parent acc is loop-carried: it starts as a [32, 32] tensor.slice of the [32, 64] param x (strides [64, 1]) and every trip yields tensor.assemble(acc, ...), which is acc itself, so acc lives in band's memory on every trip although its type declares packed [32, 1]: scale's In param a gets [64, 1] (its slice blk of acc) and its Out param out too (r is assembled into acc). Until the 39th session an iter-arg's declared strides were the hypothesis and this stayed unchanged (fail closed)
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
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        band = pl.tensor.slice(x, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(band,)):
            blk = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(blk, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
