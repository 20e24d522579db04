# rule: Pattern 3 (Assemble-Loop Rewrite) with an Acc accumulation stored into a BF16 Out param — lower_tile_to_buffer.md "Acc stores drain through the fix-pipe with its unscaled conversions": each part's store converts FP32 to BF16 exactly as the final store of the whole tile did, so the loop stores the parts into out directly
import ptorw.language as pl


@pl.program
class AccNarrowing:
    @pl.function(type=pl.FunctionType.AIC)
    def gather(self, A: pl.Tensor[[64, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 32], pl.BF16]]) -> pl.Tensor[[64, 32], pl.BF16]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            a = pl.load(A, [i * 16, 0], [16, 32], target_memory=pl.Mem.Mat)
            l = pl.tile.move(a, target_memory=pl.Mem.Left)
            part = pl.tile.matmul(l, r)
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, A: pl.Tensor[[64, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16]) -> pl.Tensor[[64, 32], pl.BF16]:
        o = pl.tensor.create([64, 32], dtype=pl.BF16)
        y = self.gather(A, B, o)
        return y
