# rule: spec "Patterns": "The pass applies five patterns in sequence. Each pattern sees the results of the previous one." — one kernel meets Pattern 2 (its result is assembled into the [64, 64] parent `big` at [0, 32]: the parent's strides [64, 1] go on the Out param) and Pattern 3 (its tile.assemble loop over a tile.create'd iter-arg, stored whole to `out`: the loop stores each block into `out` directly); Pattern 3 rewrites the strided Out param that Pattern 2 produced, so the iter-arg, the per-block store and the loop result carry [64, 1]
import ptorw.language as pl


@pl.program
class AssembleThenLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            scaled = pl.tile.muls(part, 2.0)
            acc2 = pl.tile.assemble(acc, scaled, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        big = pl.tensor.create([64, 64], dtype=pl.FP32)
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        y = self.gather(x, o)
        z = pl.tensor.assemble(big, y, [0, 32])
        return z
