# rule: Pattern 3 (Assemble-Loop Rewrite) — nested loops: the outer loop must yield the inner loop's result itself; here it yields a further computation of it
# expect: unchanged
import ptorw.language as pl


@pl.program
class NestedYieldsOther:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self, x: pl.Tensor[[32, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        acc0 = pl.tile.create([32, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            for j, (inner,) in pl.range(4, init_values=(acc,)):
                blk = pl.load(x, [i * 16, j * 16], [16, 16])
                inner2 = pl.tile.assemble(inner, blk, [i * 16, j * 16])
                inner_res = pl.yield_(inner2)
            doubled = pl.tile.muls(inner_res, 2.0)
            res = pl.yield_(doubled)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        o = pl.tensor.create([32, 64], dtype=pl.FP32)
        y = self.tiles(x, o)
        return y
