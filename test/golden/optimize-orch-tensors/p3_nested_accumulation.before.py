# rule: Pattern 3 (Assemble-Loop Rewrite) — nested loops: the outer iter-arg's only use is the init of an inner For loop that assembles 16x16 blocks and whose result the outer loop yields; both levels now carry the Out tensor and the inner tile.assemble becomes a tile.store
import ptorw.language as pl


@pl.program
class NestedAccumulation:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self, x: pl.Tensor[[32, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        acc0 = pl.tile.create([32, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            for j, (inner,) in pl.range(4, init_values=(acc,)):
                blk = pl.load(x, [i * 16, j * 16], [16, 16])
                blk2 = pl.tile.adds(blk, 1.0)
                inner2 = pl.tile.assemble(inner, blk2, [i * 16, j * 16])
                inner_res = pl.yield_(inner2)
            res = pl.yield_(inner_res)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        o = pl.tensor.create([32, 64], dtype=pl.FP32)
        y = self.tiles(x, o)
        return y
