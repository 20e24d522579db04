# rule: Pattern 3 (Assemble-Loop Rewrite) — nested loops: each assembled part is the result of an inner reduction loop (its own tile.full iter-arg stays a tile); only the outer accumulation is rewritten
import ptorw.language as pl


@pl.program
class InnerReductionLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def row_sums(self, x: pl.Tensor[[32, 128], pl.FP32],
                 out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        acc0 = pl.tile.create([32, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            z = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
            for k, (s,) in pl.range(4, init_values=(z,)):
                blk = pl.load(x, [i * 16, k * 32], [16, 32])
                s2 = pl.tile.add(s, blk)
                s_res = pl.yield_(s2)
            acc2 = pl.tile.assemble(acc, s_res, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 128], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        o = pl.tensor.create([32, 32], dtype=pl.FP32)
        y = self.row_sums(x, o)
        return y
