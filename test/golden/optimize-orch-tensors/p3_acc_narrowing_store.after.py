import ptorw.language as pl


@pl.program
class AccNarrowing:
    @pl.function(type=pl.FunctionType.AIC)
    def gather(self, A: pl.Tensor[[64, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 32], pl.BF16]]) -> pl.Tensor[[64, 32], pl.BF16]:
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        for i, (acc,) in pl.range(4, init_values=(out,)):
            a = pl.load(A, [i * 16, 0], [16, 32], target_memory=pl.Mem.Mat)
            l = pl.tile.move(a, target_memory=pl.Mem.Left)
            part = pl.tile.matmul(l, r)
            acc2 = pl.store(part, [i * 16, 0], acc)
            res = pl.yield_(acc2)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, A: pl.Tensor[[64, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16]) -> pl.Tensor[[64, 32], pl.BF16]:
        o = pl.tensor.create([64, 32], dtype=pl.BF16)
        y = self.gather(A, B, o)
        return y
