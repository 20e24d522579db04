# Expected (hand-written): out becomes a loop carry (convert-to-ssa); the scope becomes k(blk, o)
# with o Out (the store statement writes it) and no result, the call a statement; blk is a slice
# of x [128, 64] read by k (Pattern 4: strides [64, 1]); o, k's Out argument, is assembled into the
# [128, 64] carry after the call (Pattern 2: strides [64, 1]).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        out = pl.tensor.create([128, 64], dtype=pl.FP32)
        for i, (out_1,) in pl.range(4, init_values=(out,)):
            blk = pl.tensor.slice(x, [32, 32], [i * 32, 0])
            o = pl.tensor.create([32, 32], dtype=pl.FP32)
            self.k(blk, o)
            out_2 = pl.tensor.assemble(out_1, o, [i * 32, 32])
            out_3 = pl.yield_(out_2)
        return out_3

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, blk: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
          o: pl.Out[pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]):
        t = pl.tile.load(blk, [0, 0], [32, 32])
        u = pl.tile.muls(t, 2.0)
        pl.tile.store(u, [0, 0], o)
