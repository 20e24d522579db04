# rule: Pattern 3 (Assemble-Loop Rewrite) — nested loops: the inner loop's result must be used only by the outer loop's yield; here the outer body also reads it, which would become a tensor
# expect: unchanged
import ptorw.language as pl


@pl.program
class NestedInnerResultRead:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self, x: pl.Tensor[[32, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        acc0 = pl.tile.create([32, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            for j, (inner,) in pl.range(4, init_values=(acc,)):
                blk = pl.load(x, [i * 16, j * 16], [16, 16])
                inner2 = pl.tile.assemble(inner, blk, [i * 16, j * 16])
                inner_res = pl.yield_(inner2)
            peek = pl.tile.slice(inner_res, [16, 16], [0, 0])
            res = pl.yield_(inner_res)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        o = pl.tensor.create([32, 64], dtype=pl.FP32)
        y = self.tiles(x, o)
        return y
